/**
 * The share card: a 1200×630 PNG (the Open Graph / Twitter large-image size) rendered with sharp from an SVG built
 * here. Score, label, display name, the six metrics as bars, and the photo only when the owner included it. A two-photo
 * rating adds a crown row under the bars (the crown photo's own Norwood stage and its coverage) and, with the photos
 * included, the crown thumbnail as a round inset in the photo panel.
 * Fonts: DejaVu Sans, bundled with the function (the runtime has none), else the generic sans-serif; every text is escaped for XML, so a username can never inject markup.
 */
import sharp, { type OverlayOptions } from 'sharp';
import { chartTone, METRIC_KEYS, METRIC_TITLES, metricPoints, scoreBand, type ChartTone } from '#shared/scoring.ts';
import type { SharedRating } from '#shared/schemas.ts';
import { coveragePercent } from '#shared/share-card.ts';

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

/** The crown thumbnail: a circle in the photo panel's lower right corner, inside its frame, with a ring. */
export const CROWN_INSET = {
  size: 160,
  ring: 6,
  left: PHOTO_BOX.left + PHOTO_BOX.width - 160 - 14,
  top: PHOTO_BOX.top + PHOTO_BOX.height - 160 - 14,
} as const;

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
    Partial<Pick<SharedRating, 'crownMeasured' | 'crown'>>,
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

  const bar = (y: number, title: string, value: string, points: number | null) =>
    [
      `<text x="${barsX}" y="${y}" ${FONT} font-size="22" fill="#a1a1aa">${escapeXml(title)}</text>`,
      `<text x="${barsX + barsWidth}" y="${y}" ${FONT} font-size="22" font-weight="700" fill="#f4f4f5" text-anchor="end">${escapeXml(value)}</text>`,
      `<rect x="${barsX}" y="${y + 12}" width="${barsWidth}" height="14" rx="7" fill="#27272a"/>`,
      points === null
        ? ''
        : `<rect x="${barsX}" y="${y + 12}" width="${Math.max(8, Math.round((barsWidth * points) / 100))}" height="14" rx="7" fill="${TONE_COLORS[chartTone(points)]}"/>`,
    ].join('');
  // a crown row makes seven: closer rows keep the last bar above the footer line
  const rowGap = view.crown ? 52 : 62;
  const bars = METRIC_KEYS.map((key, i) => {
    const value = String(view[key] ?? '');
    return bar(228 + i * rowGap, METRIC_TITLES[key], value, metricPoints(key, value));
  }).join('\n  ');
  const crownRow = view.crown ? crownBar(view.crown, 228 + METRIC_KEYS.length * rowGap, bar) : '';

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
  ${view.crownMeasured && !view.crown ? `<text x="${x0}" y="${norwoodY + 36}" ${FONT} font-size="22" fill="#a1a1aa">Crown measured too</text>` : ''}
  ${bars}
  ${crownRow}
  <text x="${x0}" y="598" ${FONT} font-size="20" fill="#71717a">Rate your hairline · compare with friends</text>
</svg>`;
}

/**
 * The crown's row under the six metrics: its own Norwood stage as the title, and the hair on the crown zone as value
 * and bar (coverage in %, coloured like the metric points); no bar when the photo did not show the crown zone.
 */
function crownBar(
  crown: NonNullable<SharedRating['crown']>,
  y: number,
  bar: (y: number, title: string, value: string, points: number | null) => string,
): string {
  const coverage =
    typeof crown.topCoverage === 'number' && Number.isFinite(crown.topCoverage) ? crown.topCoverage : null;
  return bar(
    y,
    `Crown: Norwood ${crown.norwoodStage}`,
    coverage === null ? '' : coveragePercent(coverage),
    coverage === null ? null : Math.round(Math.max(0, Math.min(1, coverage)) * 100),
  );
}

/** A photo cut to a rounded rectangle (a circle when radius is half the side); undefined when it cannot be decoded. */
async function roundedPhoto(jpeg: Uint8Array, width: number, height: number, radius: number) {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" fill="#fff"/></svg>`,
  );
  return sharp(jpeg, { failOn: 'none' })
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'attention' })
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer()
    .catch(() => undefined); // an unreadable stored thumbnail leaves its place empty rather than failing the card
}

/**
 * The PNG: the SVG rasterised, with the (rounded) photo composited into the left panel when given, and the crown
 * photo as an inset over it. The crown photo is used only beside the face photo: both come with includePhoto
 * (readPublicShare), and without the panel there is no place for it.
 */
export async function renderShareCard(
  view: Parameters<typeof shareCardSvg>[0],
  photoJpeg?: Uint8Array,
  crownJpeg?: Uint8Array,
): Promise<Buffer> {
  const photo = photoJpeg
    ? await roundedPhoto(photoJpeg, PHOTO_BOX.width, PHOTO_BOX.height, PHOTO_BOX.radius)
    : undefined;
  const { size, ring } = CROWN_INSET;
  const inner = size - 2 * ring;
  const crown = photoJpeg && crownJpeg ? await roundedPhoto(crownJpeg, inner, inner, inner / 2) : undefined;
  const svg = Buffer.from(shareCardSvg(view, { withPhoto: !!photoJpeg }));
  const layers: OverlayOptions[] = [];
  if (photo) layers.push({ input: photo, left: PHOTO_BOX.left, top: PHOTO_BOX.top });
  if (crown) {
    // the ring sets the inset apart from the face photo under it
    const ringSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="#a78bfa"/></svg>`;
    layers.push({ input: Buffer.from(ringSvg), left: CROWN_INSET.left, top: CROWN_INSET.top });
    layers.push({ input: crown, left: CROWN_INSET.left + ring, top: CROWN_INSET.top + ring });
  }
  let card = sharp(svg, { density: 72 });
  if (layers.length) card = card.composite(layers);
  return card.png({ compressionLevel: 9 }).toBuffer();
}
