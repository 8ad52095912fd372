/**
 * Reference points of the front-view measurements and the overlay's colours: one copy for the engine's words and
 * drawing and for the web app's explanations and legend, so the two never contradict each other.
 */

/** midline forehead height of a full hairline (median of the level-1 dev portraits), and of advanced loss, in middle facial thirds */
export const FOREHEAD_REFERENCE = { full: 0.8, advancedLoss: 1.2 } as const;
/** temple corners this much higher than the midline hairline (face units) read as slight, then clear recession */
export const TEMPLE_BANDS = { slight: 0.04, clear: 0.12 } as const;
/**
 * A face photo whose top of the head is more than this share bare skin: forehead skin runs up to where the head ends,
 * so no frontal hairline is left to trace and the forehead height measured is only where the head ends. Among the dev
 * portraits (2026-11-29) 16 of the 20 of level 4 (Norwood 6-7) are over it, none of the 105 of levels 1-3 (their top
 * of the head at least 41 % hair).
 */
export const BARE_TOP_SHARE = 0.6;
/** the top of the head is bare (BARE_TOP_SHARE): a measured forehead height ends at the head's outline, not a hairline */
export const topIsBare = (m: { bareTopShare?: number | null }): boolean =>
  typeof m.bareTopShare === 'number' && m.bareTopShare > BARE_TOP_SHARE;
/** the overlay: traced hairline, temple corners and forehead ruler, measured zones */
export const OVERLAY_COLOURS = {
  hairline: '#f43f5e',
  marker: '#facc15',
  zone: '#2dd4bf',
  hairMask: '#a78bfa',
} as const;

/** how far the hair falls beside the face: to the jaw or further, or shorter (and where it is not seen, as short) */
export type HairLength = 'short' | 'long';
/**
 * Hair this many face units below the brow line beside the face reaches the jaw (the chin is about 2.2): the dev men,
 * all short-haired, read at most 1.42, the dev women with hair to the jaw or longer at least 1.83 (the engine's
 * face-view/hair-length.ts). The hairstyle suggestions keep to the length.
 */
export const HAIR_TO_THE_JAW = 1.6;

/** the length the suggestions keep to: measured on a face seen from the front only, so elsewhere short, as before */
export const hairLengthOf = (m: { hairLength?: number | undefined }): HairLength =>
  (m.hairLength ?? 0) >= HAIR_TO_THE_JAW ? 'long' : 'short';

/**
 * Two photos (a face photo and a crown photo): the combined continuous Norwood estimate is the face photo's, raised by
 * this share of how far the crown photo's own estimate lies above it (never lowered: a full crown does not undo a
 * receding front; the Norwood scale grades the more advanced of the two regions). docs/analysis.md, "Two photos".
 */
export const CROWN_STAGE_WEIGHT = 0.5;

/** The combined continuous Norwood estimate of a face photo and a crown photo (1..7). */
export function combinedStage(faceStage: number, crownStage: number): number {
  return faceStage + CROWN_STAGE_WEIGHT * Math.max(0, crownStage - faceStage);
}

/** the continuous Norwood estimate as the result shows it, to one decimal ("your Norwood estimate is 3.5") */
export const estimateShown = (stage: number): number => Math.round(stage * 10) / 10;

/** the whole Norwood stage the result shows: the shown estimate rounded, so "3.5" is stage 4 (1..7) */
export const norwoodStageOf = (stage: number): number => Math.min(7, Math.max(1, Math.round(estimateShown(stage))));
