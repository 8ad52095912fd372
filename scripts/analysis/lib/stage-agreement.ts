/**
 * A result shows a Norwood stage (1-7) beside its score; this says how often the one shown, held out, falls among the
 * stages the photo's label covers (labels.ts labelStages), and how often it is at most one stage from them.
 */
import type { StageAgreement } from '#shared/accuracy.ts';
import { round3 } from '#shared/statistics.ts';

export interface ShownStage {
  /** the Norwood stage the result shows (whole, 1-7) */
  shown: number;
  /** the stages the photo's label covers, lowest and highest */
  label: readonly [number, number];
}

const NORWOOD_STAGES = [1, 2, 3, 4, 5, 6, 7];

/** stages between `shown` and the label's nearest stage: 0 when the label covers it */
function stagesOff({ shown, label: [low, high] }: ShownStage): number {
  return Math.max(low - shown, shown - high, 0);
}

/**
 * null for no photos; `baseline` is the best any one stage shown for every photo would do; `labels` says which stages
 * each of the set's labels covers, where that is not the stage of its own number.
 */
export function stageAgreement(
  photos: ShownStage[],
  labels: { label: number; stages: readonly [number, number] }[],
): StageAgreement | null {
  if (photos.length === 0) return null;
  const share = (test: (p: ShownStage) => boolean) => round3(photos.filter(test).length / photos.length);
  return {
    photos: photos.length,
    matched: share((p) => stagesOff(p) === 0),
    withinOne: share((p) => stagesOff(p) <= 1),
    baseline: Math.max(...NORWOOD_STAGES.map((s) => share((p) => stagesOff({ ...p, shown: s }) === 0))),
    labels: labels
      .map(({ label, stages: [low, high] }) => ({ label, stages: low === high ? String(low) : `${low}-${high}` }))
      .filter(({ label, stages }) => stages !== String(label)),
  };
}
