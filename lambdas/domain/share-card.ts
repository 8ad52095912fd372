/**
 * The share card: a 1200×630 PNG (the Open Graph / Twitter large-image size) rendered with sharp from an SVG built
 * here. Score, label, display name, the six metrics as bars, and the photo only when the owner included it.
 * Fonts: DejaVu Sans, bundled with the function (the runtime has none), else the generic sans-serif; every text is escaped for XML, so a username can never inject markup.
 */
import sharp from 'sharp';
import { chartTone, METRIC_KEYS, METRIC_TITLES, metricPoints, scoreBand, type ChartTone } from '#shared/scoring.ts';
import type { SharedRating } from '#shared/schemas.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Characters XML 1.0 does not allow at all (C0 controls except tab, LF, CR; lone surrogates; U+FFFE/U+FFFF). */
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- matching the control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for XML content and attribute values, dropping characters XML cannot hold. */
export function escapeXml(text: string): string {
  return String(text)
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Shortens to at most `max` characters (code points, so emoji are never split), with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max
    ? chars.join('')
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

const TONE_COLORS: Record<ChartTone, string> = {
  green: '#22c55e',
  amber: '#f59e0b',
  orange: '#f97316',
  red: '#ef4444',
};
const BAND_COLORS: Record<string, string> = { top: '#a78bfa', good: '#22c55e', mid: '#f59e0b', low: '#ef4444' };
// DejaVu Sans ships with the Lambda bundle (infra/assets/fonts.conf); locally any sans-serif will do
const FONT = 'font-family="DejaVu Sans, sans-serif"';

/** Where the photo goes when included (left panel). */
export const PHOTO_BOX = { left: 60, top: 60, width: 380, height: 510, radius: 28 } as const;

/** Rough advance of bold sans-serif glyphs, in em: enough to keep a label inside its column without measuring fonts. */
const BOLD_EM = 0.62;

/** The label in one line at up to 46 px, or in two lines (split at the space nearest the middle) when it does not fit. */
export function labelLines(label: string, columnWidth: number): { lines: string[]; size: number } {
  const fits = (text: string, size: number) => Array.from(text).length * size * BOLD_EM <= columnWidth;
  if (fits(label, 46)) return { lines: [label], size: 46 };
  const spaces = [...label.matchAll(/ /g)].map((m) => m.index);
  if (spaces.length === 0)
    return { lines: [label], size: Math.max(20, Math.floor(columnWidth / (Array.from(label).length * BOLD_EM))) };
  const at = spaces.reduce((best, i) =>
    Math.abs(i - label.length / 2) < Math.abs(best - label.length / 2) ? i : best,
  );
  const lines = [label.slice(0, at), label.slice(at + 1)];
  const longest = Math.max(...lines.map((l) => Array.from(l).length));
  return { lines, size: Math.max(20, Math.min(40, Math.floor(columnWidth / (longest * BOLD_EM)))) };
}

/** Pure: the card's SVG. With `withPhoto`, the left panel is left free for the photo (composited by renderShareCard). */
export function shareCardSvg(
  view: Pick<SharedRating, 'displayName' | 'score' | 'rating' | 'norwoodStage' | (typeof METRIC_KEYS)[number]> &
    Partial<Pick<SharedRating, 'crownMeasured'>>,
  opts: { withPhoto: boolean },
): string {
  const x0 = opts.withPhoto ? PHOTO_BOX.left + PHOTO_BOX.width + 50 : 80;
  const right = CARD_WIDTH - 70;
  const barsX = opts.withPhoto ? 810 : 620;
  const barsWidth = right - barsX;
  const band = scoreBand(view.score);
  // the name has the whole width above the columns: about 40 px × 0.62 per character
  const name = escapeXml(truncate(view.displayName, Math.floor((right - x0) / (40 * BOLD_EM))));
  const score = Math.max(0, Math.min(100, Math.round(view.score)));
  const label = labelLines(view.rating, barsX - x0 - 30);
  const labelTop = 435;
  const labelText = label.lines
    .map(
      (line, i) =>
        `<text x="${x0}" y="${labelTop + i * Math.round(label.size * 1.1)}" ${FONT} font-size="${label.size}" font-weight="800" fill="${BAND_COLORS[band.tone] ?? '#f4f4f5'}">${escapeXml(line)}</text>`,
    )
    .join('');
  const norwoodY = labelTop + (label.lines.length - 1) * Math.round(label.size * 1.1) + 48;

  const bars = METRIC_KEYS.map((key, i) => {
    const value = String(view[key] ?? '');
    const points = metricPoints(key, value);
    const y = 228 + i * 62;
    const fill = Math.max(8, Math.round((barsWidth * points) / 100));
    return [
      `<text x="${barsX}" y="${y}" ${FONT} font-size="22" fill="#a1a1aa">${escapeXml(METRIC_TITLES[key])}</text>`,
      `<text x="${barsX + barsWidth}" y="${y}" ${FONT} font-size="22" font-weight="700" fill="#f4f4f5" text-anchor="end">${escapeXml(value)}</text>`,
      `<rect x="${barsX}" y="${y + 12}" width="${barsWidth}" height="14" rx="7" fill="#27272a"/>`,
      `<rect x="${barsX}" y="${y + 12}" width="${fill}" height="14" rx="7" fill="${TONE_COLORS[chartTone(points)]}"/>`,
    ].join('');
  }).join('\n  ');

  const photoFrame = opts.withPhoto
    ? `<rect x="${PHOTO_BOX.left - 4}" y="${PHOTO_BOX.top - 4}" width="${PHOTO_BOX.width + 8}" height="${PHOTO_BOX.height + 8}" rx="${PHOTO_BOX.radius + 4}" fill="#27272a"/>`
    : '';

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b0b12"/>
      <stop offset="1" stop-color="#1e1536"/>
    </linearGradient>
  </defs>
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>
  ${photoFrame}
  <text x="${x0}" y="100" ${FONT} font-size="24" font-weight="700" letter-spacing="4" fill="#a78bfa">HAIRLINE RATER</text>
  <text x="${x0}" y="165" ${FONT} font-size="40" font-weight="700" fill="#f4f4f5">${name}</text>
  <text x="${x0}" y="335" ${FONT} font-size="150" font-weight="800" fill="#ffffff">${score}</text>
  <text x="${x0}" y="380" ${FONT} font-size="28" fill="#a1a1aa">out of 100</text>
  ${labelText}
  <text x="${x0}" y="${norwoodY}" ${FONT} font-size="26" fill="#d4d4d8">Norwood stage ${escapeXml(String(view.norwoodStage))}</text>
  ${view.crownMeasured ? `<text x="${x0}" y="${norwoodY + 36}" ${FONT} font-size="22" fill="#a1a1aa">Crown measured too</text>` : ''}
  ${bars}
  <text x="${x0}" y="598" ${FONT} font-size="20" fill="#71717a">Rate your hairline · compare with friends</text>
</svg>`;
}

/** The PNG: the SVG rasterised, with the (rounded) photo composited into the left panel when given. */
export async function renderShareCard(
  view: Parameters<typeof shareCardSvg>[0],
  photoJpeg?: Uint8Array,
): Promise<Buffer> {
  let photo: Buffer | undefined;
  if (photoJpeg) {
    const { width, height, radius } = PHOTO_BOX;
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" fill="#fff"/></svg>`,
    );
    photo = await sharp(photoJpeg, { failOn: 'none' })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer()
      .catch(() => undefined); // an unreadable stored thumbnail leaves the panel empty rather than failing the card
  }
  const svg = Buffer.from(shareCardSvg(view, { withPhoto: !!photoJpeg }));
  let card = sharp(svg, { density: 72 });
  if (photo) card = card.composite([{ input: photo, left: PHOTO_BOX.left, top: PHOTO_BOX.top }]);
  return card.png({ compressionLevel: 9 }).toBuffer();
}
