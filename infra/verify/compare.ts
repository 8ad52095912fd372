/** Pure checks of what the emulated functions returned against the host's results. */

/** Fields that differ between two correct runs: ids, times, the client's request id, and the JPEGs (compared apart). */
const VOLATILE = new Set([
  'id',
  'createdAt',
  'clientRequestId',
  'previousId',
  'previousCreatedAt',
  'imageBase64',
  'overlayBase64',
]);

/** Paths (a.b[2].c) where two analysis results differ, volatile fields left out; numbers must be equal exactly. */
export function resultDifferences(a: unknown, b: unknown, at = ''): string[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [`${at || '.'}: length ${a.length} ≠ ${b.length}`];
    return a.flatMap((v, i) => resultDifferences(v, b[i], `${at}[${i}]`));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => !VOLATILE.has(k)));
    return [...keys].sort().flatMap((k) => resultDifferences((a as any)[k], (b as any)[k], at ? `${at}.${k}` : k));
  }
  return Object.is(a, b) ? [] : [`${at || '.'}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`];
}

export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

export interface CardTextCheck {
  /** pixels where the host's card differs from the same card without its <text> elements: where the text is */
  textPixels: number;
  /** of those, how many the emulated card also draws as the host does */
  matchingTextPixels: number;
  /** pixels where the emulated card differs from the host's anywhere on the card */
  differingPixels: number;
}

const TOLERANCE = 48;

function differs(a: RawImage, b: RawImage, i: number): boolean {
  for (let c = 0; c < 3; c++)
    if (Math.abs(a.data[i * a.channels + c]! - b.data[i * b.channels + c]!) > TOLERANCE) return true;
  return false;
}

/**
 * Did the emulated card draw its text? The text's pixels are found by comparing the host's card with a text-less
 * render; the emulated card must draw (nearly) the same pixels there. A card drawn without fonts leaves them as the
 * background (or draws boxes), so it matches few of them.
 */
export function cardTextCheck(emulated: RawImage, host: RawImage, textless: RawImage): CardTextCheck {
  if (
    emulated.width !== host.width ||
    emulated.height !== host.height ||
    textless.width !== host.width ||
    textless.height !== host.height
  ) {
    throw new Error(
      `card sizes differ: ${emulated.width}x${emulated.height}, ${host.width}x${host.height}, ${textless.width}x${textless.height}`,
    );
  }
  let textPixels = 0;
  let matchingTextPixels = 0;
  let differingPixels = 0;
  for (let i = 0; i < host.width * host.height; i++) {
    const off = differs(emulated, host, i);
    if (off) differingPixels++;
    if (differs(host, textless, i)) {
      textPixels++;
      if (!off) matchingTextPixels++;
    }
  }
  return { textPixels, matchingTextPixels, differingPixels };
}

/**
 * The card passes when it has text at all, the emulated one draws at least 95 % of it as the host does, and it
 * differs from the host's elsewhere by no more than 5 % of that (missing-glyph boxes cover the text and much more).
 */
export const cardHasText = (c: CardTextCheck) =>
  c.textPixels >= 2000 && c.matchingTextPixels >= 0.95 * c.textPixels && c.differingPixels <= 0.05 * c.textPixels;

/** The SVG without any <text> element (what a render without fonts would at best look like). */
export const withoutText = (svg: string) => svg.replace(/<text\b[^>]*>[\s\S]*?<\/text>/g, '');
