/**
 * Which words go with which reading: one scale for every word a result shows, the result chart's own points (0..100,
 * higher = more hair: shared/scoring.ts metricPoints), and how far apart two words may sit on it before they contradict
 * each other. The engine picks its words inside these limits (lambdas/analysis/score/reading.ts), the consistency
 * checker (score/consistency.ts) lists any pair outside them, and the web app's verdict line (hairline-words.ts) keeps to
 * them too.
 *
 * Every word speaks to a topic: the overall reading (the score, its label, the Norwood stage), the hairline's recession
 * (the recession metric, the verdict line, the commentary's hairline sentences), the forehead, the density, the hair's
 * health, its age (hairline age, years until bald) and the crown photo. Two words contradict each other when
 * - they speak to the same topic and lie more than SAME_TOPIC points apart ("Early recession at the temples" is 70: a
 *   "Recession: Low", 80, agrees; "Recession: None", 95, contradicts it), or
 * - one is the score and the other lies more than WITH_SCORE points from it (a score of 82 with Health "Poor", 35);
 *   the crown card is exempt: a full crown beside a bald front is no contradiction, the score joins the two.
 */
import { metricPoints, type MetricKey } from './scoring.ts';

export const WORD_TOLERANCE = {
  /** two words on one topic */
  sameTopic: 20,
  /** any word against the score */
  withScore: 40,
} as const;

export type Topic = 'overall' | 'recession' | 'forehead' | 'density' | 'health' | 'age' | 'years' | 'crown';

/** which topic each metric speaks to */
const METRIC_TOPIC: Record<MetricKey, Topic> = {
  recessionLevel: 'recession',
  density: 'density',
  foreheadSize: 'forehead',
  hairlineAge: 'age',
  yearsUntilBald: 'years',
  health: 'health',
};

/** the verdict line's four verdicts (hairline-words.ts HAIRLINE_VERDICTS, in order) on the chart's scale */
export const VERDICT_POINTS = [95, 70, 45, 20] as const;

/** a whole Norwood stage (the Norwood panel, the crown card) on the chart's scale */
export const NORWOOD_POINTS: Record<number, number> = { 1: 95, 2: 80, 3: 60, 4: 45, 5: 35, 6: 20, 7: 10 };

/** one thing a result says, on the chart's scale */
export interface Claim {
  /** what the user reads, e.g. 'Density: Poor' */
  what: string;
  topic: Topic;
  points: number;
}

/** the metric word on the chart's scale (yearsUntilBald and hairlineAge have their own points) */
export const claimOfMetric = (key: MetricKey, word: string): Claim => ({
  what: `${key}: ${word}`,
  topic: METRIC_TOPIC[key],
  points: metricPoints(key, word),
});

/** whether a word at `points` may stand beside each anchor (same topic) and beside the score */
/** the topics held to the score: all but the crown photo's (one region of the head, which the score joins with the face) */
export const heldToScore = (topic: Topic) => topic !== 'crown';

export function agrees(points: number, anchors: { score: number; sameTopic?: readonly number[] }): boolean {
  if (Math.abs(points - anchors.score) > WORD_TOLERANCE.withScore) return false;
  return (anchors.sameTopic ?? []).every((a) => Math.abs(points - a) <= WORD_TOLERANCE.sameTopic);
}

/**
 * The word of a ladder (best first) nearest to the measured one that agrees with the anchors: a measurement may
 * refine a word within what the reading allows, never contradict it. With none agreeing (anchors that disagree among
 * themselves), the one nearest to the score.
 */
export function nearestAgreeing<T>(
  ladder: readonly T[],
  pointsOf: (word: T) => number,
  measured: T,
  anchors: { score: number; sameTopic?: readonly number[] },
): T {
  const start = ladder.indexOf(measured);
  for (let d = 0; d < ladder.length; d++) {
    for (const i of [start - d, start + d]) {
      const w = ladder[i];
      if (w !== undefined && agrees(pointsOf(w), anchors)) return w;
    }
  }
  return ladder.reduce((best, w) =>
    Math.abs(pointsOf(w) - anchors.score) < Math.abs(pointsOf(best) - anchors.score) ? w : best,
  );
}
