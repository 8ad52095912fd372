/**
 * How far each capture condition may move between two photos before the score moves by more than 3 points: the largest
 * move, in both directions, for which the median |Δscore| over 30 dev photos (each against itself transformed) stays
 * within 3, as the engine measures the move on the transformed photos (its capture conditions). Written by
 * `nice -n 15 npm run fit:tolerances -- --photos 30 --write` on 2026-11-25 03:40 UTC (load average 13.69, 2 cores);
 * docs/analysis.md ("Comparable photos") explains them. Median |Δscore| per step (measured move):
 * roll: rotate +2: 1 (measured 2, 1 refused); rotate +4: 1 (measured 4.1); rotate +6: 1 (measured 6.3); rotate +8: 2
 *  (measured 8.2, 1 refused); rotate +10: 1.5 (measured 9.85); rotate +12: 2 (measured 11.95); rotate +15: 2
 *  (measured 14.85); rotate +20: 2 (measured 19.9); rotate +25: 3 (measured 24.75); rotate +30: 2.5 (measured 29.65);
 *  rotate -2: 1 (measured 2.3, 1 refused); rotate -4: 1 (measured 4.25); rotate -6: 1 (measured 6.45); rotate -8: 1
 *  (measured 8.2, 1 refused); rotate -10: 1 (measured 9.85); rotate -12: 1 (measured 11.9, 1 refused); rotate -15: 2
 *  (measured 15.05); rotate -20: 2 (measured 20); rotate -25: 3 (measured 25.05); rotate -30: 2.5 (measured 30.05)
 * size: zoom in ×1.05: 1 (measured 1.033, 1 refused); zoom in ×1.1: 2.5 (measured 1.054, 2 refused); zoom in ×1.15: 3
 *  (measured 1.07, 4 refused); zoom in ×1.2: 6.5 (measured 1.136, 5 refused); zoom out ×1.05: 1.5 (measured 1.045);
 *  zoom out ×1.1: 2 (measured 1.095); zoom out ×1.15: 1.5 (measured 1.158); zoom out ×1.2: 2 (measured 1.204); zoom
 *  out ×1.3: 5.5 (measured 1.3)
 * brightness: brighter ×1.05: 0 (measured 1.053); brighter ×1.1: 1 (measured 1.106); brighter ×1.15: 1 (measured
 *  1.158); brighter ×1.2: 1 (measured 1.21); brighter ×1.3: 1 (measured 1.308); brighter ×1.4: 1 (measured 1.395);
 *  brighter ×1.6: 2.5 (measured 1.549); dimmer ÷1.05: 0 (measured 1.053); dimmer ÷1.1: 1 (measured 1.107, 1 refused);
 *  dimmer ÷1.15: 1 (measured 1.16); dimmer ÷1.2: 1 (measured 1.214); dimmer ÷1.3: 1 (measured 1.32); dimmer ÷1.4: 1.5
 *  (measured 1.425); dimmer ÷1.6: 2 (measured 1.632)
 * resolution: smaller ÷1.5: 0 (measured 1.499); smaller ÷2: 1 (measured 2); smaller ÷3: 1 (measured 3.005); smaller
 *  ÷4: 2 (measured 4)
 * roll, brightness, resolution: the largest step tried still passed (a lower bound).
 */
export const RETAKE_TOLERANCES = {
  /** in-plane rotation (roll), degrees */
  rollDegrees: 29.6,
  /** turn and tip (yaw, pitch), degrees: no 2D transform of one photo turns a head, so the roll figure stands in */
  poseDegrees: 29.6,
  /** face (or head) size relative to the photo: the larger over the smaller */
  sizeRatio: 1.07,
  /** mean luma: the brighter over the dimmer */
  brightnessRatio: 1.549,
  /** the photo's long side: the larger over the smaller */
  resolutionRatio: 4,
} as const;
