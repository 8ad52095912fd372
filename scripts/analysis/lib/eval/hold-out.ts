/**
 * The eval's third step: the held-out result of every scored photo. Copies of one photo (mirrored, turned, brightened,
 * found by perceptual hash) are grouped over every folder, so a photo copied into two folders is never on both sides of
 * a split. A folder the committed model was fitted on (labels.ts DATASETS) is held out by grouped 5-fold
 * cross-validation pooled over those folders; any other folder is held out as it is, by the committed model. Each
 * held-out result is then read as a user reads it: its score, Norwood stage and metric words, and what the consistency
 * checker finds in it.
 */
import {
  contradictions,
  FITTED,
  predictStage,
  type Contradiction,
  type FittedParams,
} from '#lambdas/analysis/offline.ts';
import { scoreFromStage } from '#shared/score-map.ts';
import { DATASETS, norwoodTarget } from '../labels.ts';
import { groupByHash } from '../phash.ts';
import { crossValidateWithCopies, groupedFolds, onePhotoOneVote, type FitRow } from '../stage-model-fit.ts';
import { heldOutResult, metricWordsOf, type MetricWords } from '../word-agreement.ts';
import type { PhotoRow } from './score-photos.ts';

export interface EvalRow extends PhotoRow {
  /** the photo's group of copies, over every folder scored */
  group: number;
  heldOutScore?: number;
  /** the Norwood stage the held-out result shows */
  heldOutNorwood?: number;
  /** the six metric words the held-out result shows */
  heldOutWords?: MetricWords;
  /** what the consistency checker finds in the held-out result */
  contradictions?: Contradiction[];
  /** the held-out scores of the training copies */
  turnedScores?: number[];
  darkerScore?: number;
}

/** whether the committed model was fitted on the row's folder: its held-out figures come from cross-validation */
export const trainedOn = (r: { set: string }): boolean => r.set in DATASETS;

export function holdOut(photos: readonly PhotoRow[], committed: FittedParams['models'] = FITTED.models): EvalRow[] {
  const groups = groupByHash(photos.map((r) => r.hash));
  const rows: EvalRow[] = photos.map((r, i) => ({ ...r, group: groups[i]! }));

  const cvRows = rows.filter((r) => r.analysis && trainedOn(r));
  if (cvRows.length) {
    const fitRows: FitRow[] = cvRows.map((r) => ({
      ...r.analysis!.scoreInputs,
      target: norwoodTarget(r.info, r.stage, r.dir),
      ...(r.copies ? { copies: r.copies } : {}),
      ...(r.darker ? { darker: r.darker } : {}),
    }));
    const cvGroups = cvRows.map((r) => r.group);
    const heldOut = crossValidateWithCopies(onePhotoOneVote(fitRows, cvGroups), groupedFolds(cvGroups), committed);
    cvRows.forEach((r, k) => {
      const result = heldOutResult(r.analysis!, heldOut.stages[k]!);
      r.heldOutScore = result.score;
      r.heldOutNorwood = result.norwoodStage;
      r.heldOutWords = metricWordsOf(result);
      r.contradictions = contradictions({ ...result, measurements: r.analysis!.measurements });
      r.turnedScores = heldOut.copies[k]!.map((s) => scoreFromStage(s));
      const darker = heldOut.darker[k];
      if (darker !== undefined) r.darkerScore = scoreFromStage(darker);
    });
  }
  for (const r of rows) {
    if (!r.analysis || trainedOn(r)) continue;
    r.heldOutScore = r.analysis.score;
    r.heldOutNorwood = r.analysis.norwoodStage;
    r.heldOutWords = metricWordsOf(r.analysis);
    r.contradictions = contradictions(r.analysis);
    r.turnedScores = r.copies?.map((c) => scoreFromStage(predictStage(committed.above, c)));
    if (r.darker) r.darkerScore = scoreFromStage(predictStage(committed.above, r.darker));
  }
  return rows;
}
