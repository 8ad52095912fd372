/**
 * Hairstyle suggestions, each with its reason in a short clause, chosen for the hair the photo shows. The hair model
 * sees how much hair there is on top and at the front, not whether it is straight, wavy or coiled: every style here
 * works with any texture, so none asks hair to lie flat or stand up in a way coiled hair does not (no pompadour, slick
 * back or curtains), and a style that needs a fringe or length on top is offered only where there is hair on top.
 */
import type { ScoreTone } from '#shared/scoring.ts';

/** how much hair the top of the head has, as the reading sees it */
export type TopHair = 'full' | 'thinning' | 'bare';

export interface Hairstyle {
  name: string;
  /** the short clause said after the name */
  reason: string;
  /** the hair on top it needs: a fringe or length on top needs hair there */
  needs: TopHair;
  /** the bands it is offered in, best first */
  bands: readonly ScoreTone[];
}

export const HAIRSTYLES: readonly Hairstyle[] = [
  {
    name: 'Textured crop',
    reason: 'short on top, so it shows off the density you have',
    needs: 'full',
    bands: ['top', 'good'],
  },
  {
    name: 'Side part with a low fade',
    reason: 'a clean line that suits a straight, full hairline',
    needs: 'full',
    bands: ['top', 'good'],
  },
  {
    name: 'Longer on top, in your natural texture',
    reason: 'your hair has the coverage to carry the length',
    needs: 'full',
    bands: ['top'],
  },
  {
    name: 'Taper with length on top',
    reason: 'the shorter sides make the top look fuller',
    needs: 'full',
    bands: ['top', 'good', 'mid'],
  },
  {
    name: 'French crop with a short fringe',
    reason: 'the fringe covers the temples where they have moved back',
    needs: 'thinning',
    bands: ['good', 'mid'],
  },
  {
    name: 'Short textured crop',
    reason: 'close-cut texture hides thinner patches',
    needs: 'thinning',
    bands: ['good', 'mid'],
  },
  {
    name: 'Crew cut',
    reason: 'short and even, so a receding hairline reads as a choice',
    needs: 'bare',
    bands: ['good', 'mid', 'low'],
  },
  {
    name: 'Buzz cut',
    reason: 'one length all over takes the contrast out of a thinner top',
    needs: 'bare',
    bands: ['mid', 'low'],
  },
  {
    name: 'Skin fade with a short top',
    reason: 'a fade draws the eye to the sides, where the hair is fullest',
    needs: 'bare',
    bands: ['mid', 'low'],
  },
  {
    name: 'Clean shaved head',
    reason: 'with little left on top, a clean shave looks deliberate and sharp',
    needs: 'bare',
    bands: ['low'],
  },
  {
    name: 'Bald with a sharp beard line',
    reason: 'a beard moves the frame of the face downwards',
    needs: 'bare',
    bands: ['low', 'mid'],
  },
];

const ORDER: Record<TopHair, number> = { bare: 0, thinning: 1, full: 2 };
/** the hair on top: bare when the top reads bare or the density word is Poor or worse, thinning at Average */
export function topHairOf(bareTop: boolean, densityPoints: number): TopHair {
  if (bareTop || densityPoints <= 35) return 'bare';
  return densityPoints <= 60 ? 'thinning' : 'full';
}

/** a style may be worn by hair with at least what it needs */
export const wearable = (style: Hairstyle, top: TopHair) => ORDER[top] >= ORDER[style.needs];

/** "Buzz cut: one length all over takes the contrast out of a thinner top" */
export const suggestionText = (style: Hairstyle) => `${style.name}: ${style.reason}`;

/**
 * Four suggestions for the band and the hair on top, each wearable: the band's own styles first, then its neighbours',
 * then any other (a bare top can always wear the short styles).
 */
export function hairstylesFor(band: ScoreTone, top: TopHair): string[] {
  const own = HAIRSTYLES.filter((h) => h.bands.includes(band) && wearable(h, top));
  const near = HAIRSTYLES.filter((h) => !own.includes(h) && wearable(h, top) && nearBand(h, band));
  const any = HAIRSTYLES.filter((h) => !own.includes(h) && !near.includes(h) && wearable(h, top));
  return [...own, ...near, ...any].slice(0, 4).map(suggestionText);
}

const BAND_ORDER: readonly ScoreTone[] = ['top', 'good', 'mid', 'low'];
const nearBand = (h: Hairstyle, band: ScoreTone) =>
  h.bands.some((b) => Math.abs(BAND_ORDER.indexOf(b) - BAND_ORDER.indexOf(band)) <= 1);
