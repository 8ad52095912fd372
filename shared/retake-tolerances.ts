/**
 * How far each capture condition may move between two photos before the score moves by more than 3 points (median
 * |Δscore| over the dev photos, each photo against itself transformed). Written by `npm run fit:tolerances`; the figures
 * behind them are in docs/analysis.md ("Comparable photos").
 */
export const RETAKE_TOLERANCES = {
  /** in-plane rotation (roll), degrees */
  rollDegrees: 10,
  /** turn and tip (yaw, pitch), degrees: no 2D transform of one photo turns a head, so the roll figure stands in */
  poseDegrees: 10,
  /** face (or head) size relative to the photo: the larger over the smaller */
  sizeRatio: 1.2,
  /** mean luma: the brighter over the dimmer */
  brightnessRatio: 1.15,
  /** the photo's long side: the larger over the smaller */
  resolutionRatio: 2,
} as const;
