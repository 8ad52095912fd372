/** The images returned with a result: a small thumbnail and the photo with the traced hairline and zones drawn on it. */
import sharp from 'sharp';
import type { Point } from './geometry.ts';

export const THUMB_SIDE = 384;
export const OVERLAY_SIDE = 512;

/** A zone in fractions of the image: a rectangle, or an ellipse given by centre and radii. */
export type Zone =
  | { kind: 'rect'; label: string; x: number; y: number; w: number; h: number }
  | { kind: 'ellipse'; label: string; cx: number; cy: number; rx: number; ry: number };

export async function thumbnail(jpeg: Uint8Array): Promise<Uint8Array> {
  const buf = await sharp(jpeg).resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 72 }).toBuffer();
  return new Uint8Array(buf);
}

/** contour points are in fractions of the image (0..1) so any working resolution can be drawn */
export async function overlay(jpeg: Uint8Array, contour: Point[], zones: Zone[]): Promise<Uint8Array> {
  // sizes from the header alone, so the photo is decoded once
  const meta = await sharp(jpeg).metadata();
  const scale = Math.min(1, OVERLAY_SIDE / Math.max(meta.width!, meta.height!));
  const width = Math.max(1, Math.round(meta.width! * scale));
  const height = Math.max(1, Math.round(meta.height! * scale));
  const base = sharp(jpeg).resize(width, height, { fit: 'fill' });
  const px = (v: number) => (v * width).toFixed(1);
  const py = (v: number) => (v * height).toFixed(1);
  const shapes = zones.map((z) => (z.kind === 'rect'
    ? `<rect x="${px(z.x)}" y="${py(z.y)}" width="${px(z.w)}" height="${py(z.h)}" fill="none" stroke="#2dd4bf" stroke-width="2" stroke-dasharray="6 4"/>`
      + `<text x="${px(z.x)}" y="${py(z.y)}" dy="14" dx="4" fill="#2dd4bf" font-size="13" font-family="sans-serif">${z.label}</text>`
    : `<ellipse cx="${px(z.cx)}" cy="${py(z.cy)}" rx="${px(z.rx)}" ry="${py(z.ry)}" fill="none" stroke="#2dd4bf" stroke-width="2" stroke-dasharray="6 4"/>`
      + `<text x="${px(z.cx)}" y="${py(z.cy - z.ry)}" dy="16" text-anchor="middle" fill="#2dd4bf" font-size="13" font-family="sans-serif">${z.label}</text>`));
  const line = contour.map((p) => `${px(p.x)},${py(p.y)}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}`
    + (contour.length > 1 ? `<polyline points="${line}" fill="none" stroke="#f43f5e" stroke-width="3" stroke-linejoin="round"/>` : '')
    + '</svg>';
  const buf = await base.composite([{ input: Buffer.from(svg), top: 0, left: 0 }]).jpeg({ quality: 75 }).toBuffer();
  return new Uint8Array(buf);
}
