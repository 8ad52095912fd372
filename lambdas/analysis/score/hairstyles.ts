/**
 * Hairstyle suggestions, each with its reason in a short clause, chosen for the hair the photo shows. The hair model
 * sees how much hair there is on top and at the front, not whether it is straight, wavy or coiled: every style here
 * works with any texture, so none asks hair to lie flat or stand up in a way coiled hair does not (no pompadour, slick
 * back or curtains), a style that needs a fringe or length on top is offered only where there is hair on top, and one
 * whose reason speaks of a thinner top only where the top is not thick. A reason that speaks of the hairline's shape
 * ("a straight, full hairline", "the temples where they have moved back") is said only beside the verdict line it
 * agrees with.
 */
import type { HairLength } from '#shared/hairline.ts';
import type { ScoreTone } from '#shared/scoring.ts';

/** the verdict line's index (shared/hairline-words.ts HAIRLINE_VERDICTS): 0 mature .. 3 advanced */
export type VerdictIndex = 0 | 1 | 2 | 3;
const ANY_VERDICT: readonly VerdictIndex[] = [0, 1, 2, 3];

/** how much hair the top of the head has, as the reading sees it */
export type TopHair = 'full' | 'thinning' | 'bare';
const ANY_TOP: readonly TopHair[] = ['bare', 'thinning', 'full'];

const ANY_LENGTH: readonly HairLength[] = ['short', 'long'];

export interface Hairstyle {
  name: string;
  /** the short clause said after the name */
  reason: string;
  /**
   * the hair on top it suits: a fringe or length on top needs hair there, and a reason that speaks of a thinner top
   * ("hides thinner patches") is not said of a thick one
   */
  tops: readonly TopHair[];
  /** the bands it is offered in, best first */
  bands: readonly ScoreTone[];
  /** the verdict lines its reason agrees with: a reason about the hairline's shape fits only some */
  verdicts: readonly VerdictIndex[];
  /**
   * the hair lengths it is offered to: the short cuts for a full or thinning top only to short hair, the styles that
   * keep length only to long hair; a bare top's short options to either (they are the usual advice for both)
   */
  lengths: readonly HairLength[];
}

export const HAIRSTYLES: readonly Hairstyle[] = [
  {
    name: 'Textured crop',
    reason: 'short on top, so it shows off the density you have',
    tops: ['full'],
    bands: ['top', 'good'],
    verdicts: ANY_VERDICT,
    lengths: ['short'],
  },
  {
    name: 'Side part with a low fade',
    reason: 'a clean line that suits a straight, full hairline',
    tops: ['full'],
    bands: ['top', 'good'],
    verdicts: [0],
    lengths: ['short'],
  },
  {
    name: 'Longer on top, in your natural texture',
    reason: 'your hair has the coverage to carry the length',
    tops: ['full'],
    bands: ['top'],
    verdicts: ANY_VERDICT,
    lengths: ['short'],
  },
  {
    name: 'Taper with length on top',
    reason: 'the shorter sides make the top look fuller',
    tops: ['full'],
    bands: ['top', 'good', 'mid'],
    verdicts: ANY_VERDICT,
    lengths: ['short'],
  },
  {
    name: 'French crop with a short fringe',
    reason: 'the fringe covers the temples where they have moved back',
    tops: ['thinning', 'full'],
    bands: ['good', 'mid'],
    verdicts: [1, 2],
    lengths: ['short'],
  },
  {
    name: 'Short textured crop',
    reason: 'close-cut texture hides thinner patches',
    tops: ['thinning'],
    bands: ['good', 'mid'],
    verdicts: ANY_VERDICT,
    lengths: ['short'],
  },
  {
    name: 'Crew cut',
    reason: 'short and even, so a receding hairline reads as a choice',
    tops: ANY_TOP,
    bands: ['good', 'mid', 'low'],
    verdicts: [1, 2, 3],
    lengths: ANY_LENGTH,
  },
  {
    name: 'Buzz cut',
    reason: 'one length all over takes the contrast out of a thinner top',
    tops: ['bare', 'thinning'],
    bands: ['mid', 'low'],
    verdicts: ANY_VERDICT,
    lengths: ANY_LENGTH,
  },
  {
    name: 'Skin fade with a short top',
    reason: 'a fade draws the eye to the sides, where the hair is fullest',
    tops: ['bare', 'thinning'],
    bands: ['mid', 'low'],
    verdicts: ANY_VERDICT,
    lengths: ANY_LENGTH,
  },
  {
    name: 'Clean shaved head',
    reason: 'with little left on top, a clean shave looks deliberate and sharp',
    tops: ['bare'],
    bands: ['low'],
    verdicts: ANY_VERDICT,
    lengths: ANY_LENGTH,
  },
  {
    name: 'Bald with a sharp beard line',
    reason: 'a beard moves the frame of the face downwards',
    tops: ['bare', 'thinning'],
    bands: ['low', 'mid'],
    verdicts: ANY_VERDICT,
    lengths: ANY_LENGTH,
  },
  {
    name: 'Long layers',
    reason: 'they keep your length and give the top some lift',
    tops: ['full', 'thinning'],
    bands: ['top', 'good', 'mid'],
    verdicts: ANY_VERDICT,
    lengths: ['long'],
  },
  {
    name: 'Keep the length, parted where it falls',
    reason: 'the length you have frames the face',
    tops: ['full'],
    bands: ['top', 'good'],
    verdicts: ANY_VERDICT,
    lengths: ['long'],
  },
  {
    name: 'Face-framing layers',
    reason: 'shorter pieces at the front soften the line of the forehead',
    tops: ['full', 'thinning'],
    bands: ['good', 'mid'],
    verdicts: ANY_VERDICT,
    lengths: ['long'],
  },
];

/** the hair on top: bare when the top reads bare or the density word is Poor or worse, thinning at Average */
export function topHairOf(bareTop: boolean, densityPoints: number): TopHair {
  if (bareTop || densityPoints <= 35) return 'bare';
  return densityPoints <= 60 ? 'thinning' : 'full';
}

/** a style suits the hair on top: it has what the style needs, and is what its reason speaks of */
export const wearable = (style: Hairstyle, top: TopHair) => style.tops.includes(top);

/** a style whose reason agrees with the verdict line shown beside it */
export const fitsVerdict = (style: Hairstyle, verdict: VerdictIndex) => style.verdicts.includes(verdict);

/** a style for hair of this length */
export const fitsLength = (style: Hairstyle, length: HairLength) => style.lengths.includes(length);

/** "Buzz cut: one length all over takes the contrast out of a thinner top" */
export const suggestionText = (style: Hairstyle) => `${style.name}: ${style.reason}`;

/**
 * Four suggestions for the band, the hair on top, the verdict line and the hair's length, each wearable, its reason
 * agreeing with the verdict and kept to the length: the band's own styles first, then its neighbours', then any other (a bare top can always wear the short
 * styles).
 */
export function hairstylesFor(band: ScoreTone, top: TopHair, verdict: VerdictIndex, length: HairLength): string[] {
  const fits = HAIRSTYLES.filter((h) => wearable(h, top) && fitsVerdict(h, verdict) && fitsLength(h, length));
  const own = fits.filter((h) => h.bands.includes(band));
  const near = fits.filter((h) => !own.includes(h) && nearBand(h, band));
  const any = fits.filter((h) => !own.includes(h) && !near.includes(h));
  return [...own, ...near, ...any].slice(0, 4).map(suggestionText);
}

const BAND_ORDER: readonly ScoreTone[] = ['top', 'good', 'mid', 'low'];
const nearBand = (h: Hairstyle, band: ScoreTone) =>
  h.bands.some((b) => Math.abs(BAND_ORDER.indexOf(b) - BAND_ORDER.indexOf(band)) <= 1);
