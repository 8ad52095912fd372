/**
 * How far each capture condition may move between two photos before the score moves by more than 3 points: the largest
 * move, in both directions, for which the median |Δscore| over 30 dev photos (each against itself transformed) stays
 * within 3, as the engine measures the move on the transformed photos (its capture conditions). Written by
 * `nice -n 15 npm run fit:tolerances -- --photos 30 --write` on 2026-11-25 00:32 UTC (load average 29.17, 2 cores);
 * docs/analysis.md ("Comparable photos") explains them. Median |Δscore| per step (measured move):
 * roll: rotate +2: 1 (measured 2, 1 refused); rotate +4: 0 (measured 4.3); rotate +6: 1 (measured 6.3); rotate +8: 1
 *  (measured 8.2, 1 refused); rotate +10: 0.5 (measured 9.7); rotate +12: 1 (measured 11.95); rotate +15: 1 (measured
 *  14.85); rotate +20: 1 (measured 19.9); rotate -2: 0.5 (measured 2.3, 1 refused); rotate -4: 1 (measured 4.25);
 *  rotate -6: 0.5 (measured 6.5); rotate -8: 1 (measured 8.2, 1 refused); rotate -10: 1 (measured 10); rotate -12: 1
 *  (measured 11.95); rotate -15: 1 (measured 15.05); rotate -20: 1 (measured 20)
 * size: zoom in ×1.05: 1 (measured 1.037); zoom in ×1.1: 2 (measured 1.057, 3 refused); zoom in ×1.15: 2 (measured
 *  1.07, 5 refused); zoom in ×1.2: 3.5 (measured 1.145, 5 refused); zoom out ×1.05: 1 (measured 1.046); zoom out
 *  ×1.1: 1 (measured 1.095); zoom out ×1.15: 1 (measured 1.158); zoom out ×1.2: 1 (measured 1.204); zoom out ×1.3: 2
 *  (measured 1.3); zoom out ×1.4: 2 (measured 1.398); zoom out ×1.5: 2.5 (measured 1.509); zoom out ×1.75: 3
 *  (measured 1.75)
 * brightness: brighter ×1.05: 0 (measured 1.053); brighter ×1.1: 1 (measured 1.106); brighter ×1.15: 1 (measured
 *  1.158, 1 refused); brighter ×1.2: 1 (measured 1.209, 2 refused); brighter ×1.3: 2 (measured 1.303, 6 refused);
 *  brighter ×1.4: 2.5 (measured 1.384, 9 refused); brighter ×1.6: 5.5 (measured 1.521, 7 refused); dimmer ÷1.05: 0
 *  (measured 1.053); dimmer ÷1.1: 0 (measured 1.107, 1 refused); dimmer ÷1.15: 0 (measured 1.161); dimmer ÷1.2: 1
 *  (measured 1.214); dimmer ÷1.3: 1 (measured 1.321); dimmer ÷1.4: 1 (measured 1.426); dimmer ÷1.6: 1.5 (measured
 *  1.634)
 * resolution: smaller ÷1.5: 1 (measured 1.499); smaller ÷2: 1 (measured 2); smaller ÷3: 2 (measured 3.005); smaller
 *  ÷4: 4 (measured 4)
 */
export const RETAKE_TOLERANCES = {
  /** in-plane rotation (roll), degrees */
  rollDegrees: 19.9,
  /** turn and tip (yaw, pitch), degrees: no 2D transform of one photo turns a head, so the roll figure stands in */
  poseDegrees: 19.9,
  /** face (or head) size relative to the photo: the larger over the smaller */
  sizeRatio: 1.07,
  /** mean luma: the brighter over the dimmer */
  brightnessRatio: 1.384,
  /** the photo's long side: the larger over the smaller */
  resolutionRatio: 3,
} as const;
