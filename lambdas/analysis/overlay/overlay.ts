/** The images returned with a result: a small thumbnail, and the photo with what the engine saw drawn on it. */
import { OVERLAY_COLOURS } from '#shared/hairline.ts';
import { toJpeg, type Photo } from '../photo/photo.ts';
import type { Point } from '../types.ts';

export const THUMB_SIDE = 384;
export const OVERLAY_SIDE = 512;

/** A zone in fractions of the image: a polygon, or an ellipse given by centre and radii. */
export type Zone =
  | { label: string; points: Point[]; labelAt?: Point }
  | { label: string; cx: number; cy: number; rx: number; ry: number };

/** Everything in fractions of the image (0..1), so any working resolution can be drawn. */
export interface Drawing {
  zones: Zone[];
  /** the traced hairline (face views), in pieces: none where forehead skin runs to the head's outline; empty on a crown photo */
  hairline: Point[][];
  /** the temple corners */
  markers: Point[];
  /** the midline forehead height, brow line to hairline */
  ruler?: { from: Point; to: Point; label: string };
  /** the hair mask's outline (hair-outline.ts): what the engine called hair */
  hairOutline?: [Point, Point][];
}

const { zone: ZONE, hairline: LINE, marker: MARK, hairMask: MASK } = OVERLAY_COLOURS;

export function thumbnail(photo: Photo): Promise<Uint8Array> {
  return toJpeg(photo, THUMB_SIDE, 72);
}

export function overlay(photo: Photo, drawing: Drawing): Promise<Uint8Array> {
  return toJpeg(photo, OVERLAY_SIDE, 75, (width, height) => overlaySvg(drawing, width, height));
}

export function overlaySvg(drawing: Drawing, width: number, height: number): string {
  const px = (v: number) => (v * width).toFixed(1);
  const py = (v: number) => (v * height).toFixed(1);
  const pts = (list: Point[]) => list.map((p) => `${px(p.x)},${py(p.y)}`).join(' ');
  const text = (x: string, y: string, label: string, anchor = 'start') =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" fill="#fff" stroke="#000" stroke-width="3" paint-order="stroke" font-size="13" font-family="sans-serif">${label}</text>`;
  const zones = drawing.zones.map((z) => {
    if ('points' in z) {
      if (z.points.length < 3) return '';
      const at = z.labelAt ?? z.points.reduce((a, b) => (b.y < a.y ? b : a));
      return (
        `<polygon points="${pts(z.points)}" fill="${ZONE}" fill-opacity="0.12" stroke="${ZONE}" stroke-width="1.5" stroke-dasharray="5 3"/>` +
        text(px(at.x), py(at.y), z.label, z.labelAt ? 'end' : 'middle')
      );
    }
    return (
      `<ellipse cx="${px(z.cx)}" cy="${py(z.cy)}" rx="${px(z.rx)}" ry="${py(z.ry)}" fill="none" stroke="${ZONE}" stroke-width="2" stroke-dasharray="6 4"/>` +
      text(px(z.cx), py(z.cy - z.ry + 0.03), z.label, 'middle')
    );
  });
  const hairline = drawing.hairline
    .filter((piece) => piece.length > 1)
    .map(
      (piece) =>
        `<polyline points="${pts(piece)}" fill="none" stroke="${LINE}" stroke-width="3" stroke-linejoin="round"/>`,
    )
    .join('');
  const markers = drawing.markers.map(
    (m) => `<circle cx="${px(m.x)}" cy="${py(m.y)}" r="5" fill="none" stroke="${MARK}" stroke-width="2.5"/>`,
  );
  const r = drawing.ruler;
  const ruler = r
    ? `<line x1="${px(r.from.x)}" y1="${py(r.from.y)}" x2="${px(r.to.x)}" y2="${py(r.to.y)}" stroke="${MARK}" stroke-width="2"/>` +
      `<line x1="${(+px(r.from.x) - 6).toFixed(1)}" y1="${py(r.from.y)}" x2="${(+px(r.from.x) + 6).toFixed(1)}" y2="${py(r.from.y)}" stroke="${MARK}" stroke-width="2"/>` +
      text((+px(r.to.x) + 6).toFixed(1), ((+py(r.from.y) + +py(r.to.y)) / 2).toFixed(1), r.label)
    : '';
  const outline = drawing.hairOutline?.length
    ? `<path d="${drawing.hairOutline.map(([a, b]) => `M${px(a.x)} ${py(a.y)}L${px(b.x)} ${py(b.y)}`).join('')}" fill="none" stroke="${MASK}" stroke-width="1.5" stroke-opacity="0.9"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${outline}${zones.join('')}${hairline}${ruler}${markers.join('')}</svg>`;
}
