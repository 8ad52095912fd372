/**
 * Fits the map from the continuous Norwood estimate to the score (shared/score-map.ts) so that each band means its
 * name on the labelled folders, and writes shared/score-map-fit.json with its provenance and figures (--write).
 * The estimates are out-of-fold: grouped 5-fold cross-validation of the committed per-view models (copies of one photo
 * in one fold), from the measurements `npm run measure:dev` keeps. The rules, one per edge:
 * - cookedEdge (30 or less from there up): the COOKED_QUANTILE quantile of each folder's highest level (a bald or shaved
 *   head), the lowest over the folders, so that in each at least 1 − COOKED_QUANTILE of bald heads are "Cooked";
 * - wRizzEdge (above 60 below it): just below the lowest estimate of any folder's highest level, so that no bald or shaved head is
 *   "W Rizz" or better; the full hairlines' share below it is reported (the target: at least 95 %);
 * - godEdge (above 85 below it): the median of the full hairlines (level 1, the women's level 0), pooled over the
 *   folders: "Certified Rizz God" for the fuller half of full hairlines only.
 * Figures before (the previous map) and after, per folder: the share of the highest and the lowest level in each band,
 * Spearman ρ and AUC of the rounded scores against the labels.
 * Usage: npm run fit:score-map -- --from .scratch/dev-measured.jsonl [--write]
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { FITTED } from '#lambdas/analysis/offline.ts';
import { quantile, round3 } from '#shared/statistics.ts';
import { RATING_LABELS, ratingForScore, type RatingLabel } from '#shared/scoring.ts';
import { scoreFromStage, type BandShares, type ScoreMapFit, type ScoreMapParams } from '#shared/score-map.ts';
import { crossValidateWithCopies, groupedFolds, onePhotoOneVote } from './lib/stage-model-fit.ts';
import { readMeasuredRows, type MeasuredPhoto } from './lib/measured-rows.ts';
import { groupByHash } from './lib/phash.ts';
import { auc, spearman } from './lib/stats.ts';
import { readArgs, usageError } from '#scripts/lib/cli.ts';

/** at most this share of a folder's bald heads may score above 30 (the target: at least 80 % "Cooked") */
export const COOKED_QUANTILE = 0.15;
/** the W Rizz edge sits this far below the lowest bald head's estimate, so that one lands in "Mid" after rounding */
const EDGE_MARGIN = 0.01;
/** the label of a full hairline, per folder (norwood-front starts at Norwood 2) */
const FULL_LEVEL: Record<string, number> = { 'portraits/men': 1, 'portraits/women': 0, 'norwood-groups': 1 };

const USAGE = 'npm run fit:score-map -- --from <measured.jsonl> [--write]';
const { values } = readArgs(USAGE, { from: { type: 'string' }, write: { type: 'boolean', default: false } });
const from = values.from ?? usageError(USAGE, '--from is required (npm run measure:dev writes it)');
const rows = readMeasuredRows<MeasuredPhoto>(from);

const groups = groupByHash(rows.map((r) => r.hash));
const { stages } = crossValidateWithCopies(onePhotoOneVote(rows, groups), groupedFolds(groups), FITTED.models);
const sets = [...new Set(rows.map((r) => r.set))];
const stagesOf = (set: string, label: number) =>
  stages.filter((_, i) => rows[i]!.set === set && rows[i]!.stage === label);
const labelsOf = (set: string) =>
  [...new Set(rows.filter((r) => r.set === set).map((r) => r.stage))].sort((a, b) => a - b);

const ranked = sets.filter((set) => labelsOf(set).length > 1);
const highest = (set: string) => stagesOf(set, labelsOf(set).at(-1)!);
const full = Object.entries(FULL_LEVEL).flatMap(([set, label]) => (sets.includes(set) ? stagesOf(set, label) : []));
const after: ScoreMapParams = {
  godEdge: quantile(full, 0.5),
  wRizzEdge: Math.min(...ranked.map((set) => Math.min(...highest(set)))) - EDGE_MARGIN,
  cookedEdge: Math.min(...ranked.map((set) => quantile(highest(set), COOKED_QUANTILE))),
};
if (!(after.godEdge < after.wRizzEdge && after.wRizzEdge < after.cookedEdge))
  throw new Error(`the edges are out of order: ${JSON.stringify(after)}`);

/** the map before this fit: 97 − 15 per stage past 1, squashed by a tanh into 2..98 */
const previous = (stage: number) => Math.round(50 + 48 * Math.tanh((97 - 15 * (stage - 1) - 50) / 48));
const mapped = (p: ScoreMapParams | 'previous') => (stage: number) =>
  p === 'previous' ? previous(stage) : scoreFromStage(stage, p);

function shares(score: (stage: number) => number): BandShares[] {
  return sets.flatMap((set) => {
    const labels = labelsOf(set);
    const levels: [BandShares['level'], number][] = [['lowest', labels[0]!]];
    if (labels.length > 1) levels.push(['highest', labels.at(-1)!]);
    return levels.map(([level, label]) => {
      const got = stagesOf(set, label).map((s) => ratingForScore(score(s)));
      const share = Object.fromEntries(
        RATING_LABELS.map((l) => [l, round3(got.filter((g) => g === l).length / got.length)]),
      ) as Record<RatingLabel, number>;
      return { set, level, label, n: got.length, shares: share };
    });
  });
}

function ranking(score: (stage: number) => number) {
  return sets
    .filter((s) => labelsOf(s).length > 1)
    .map((set) => {
      const idx = rows.map((r, i) => (r.set === set ? i : -1)).filter((i) => i >= 0);
      const scores = idx.map((i) => score(stages[i]!));
      const labels = idx.map((i) => rows[i]!.stage);
      const [lo, hi] = [labelsOf(set)[0]!, labelsOf(set).at(-1)!];
      return {
        set,
        spearman: round3(spearman(scores, labels)),
        auc: round3(
          auc(
            scores.filter((_, k) => labels[k] === lo),
            scores.filter((_, k) => labels[k] === hi),
          ),
        ),
      };
    });
}

const before = ranking(mapped('previous'));
const now = ranking(mapped(after));
const fit: ScoreMapFit = {
  params: { godEdge: round3(after.godEdge), wRizzEdge: round3(after.wRizzEdge), cookedEdge: round3(after.cookedEdge) },
  provenance: {
    fittedAt: new Date().toISOString().slice(0, 10),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(),
    command: `npm run fit:score-map -- ${process.argv.slice(2).join(' ')}`.trim(),
    estimates: `out-of-fold Norwood estimates of ${rows.length} dev photos (${sets.join(', ')}), grouped 5-fold CV of the committed per-view models`,
    rules: {
      godEdge: `the median of the full hairlines (${Object.keys(FULL_LEVEL).join(', ')}: level ${Object.values(FULL_LEVEL).join(', ')}), pooled`,
      wRizzEdge: `${EDGE_MARGIN} below the lowest estimate of any folder's highest level (a bald or shaved head)`,
      cookedEdge: `the ${COOKED_QUANTILE} quantile of each folder's highest level, the lowest over the folders`,
    },
    cookedQuantile: COOKED_QUANTILE,
  },
  before: shares(mapped('previous')),
  after: shares(mapped(after)),
  ranking: before.map((b, k) => ({
    set: b.set,
    spearmanBefore: b.spearman,
    spearmanAfter: now[k]!.spearman,
    aucBefore: b.auc,
    aucAfter: now[k]!.auc,
  })),
};

const pct = (v: number) => `${Math.round(100 * v)}%`.padStart(5);
console.log(
  `edges: "Certified Rizz God" below estimate ${after.godEdge.toFixed(2)}, "W Rizz" below ${after.wRizzEdge.toFixed(2)}, "Cooked" from ${after.cookedEdge.toFixed(2)}`,
);
console.log('set                level   label   n   before: Cooked Mid W-Rizz God    after: Cooked Mid W-Rizz God');
fit.before.forEach((b, k) => {
  const a = fit.after[k]!;
  const row = (s: BandShares) => RATING_LABELS.map((l) => pct(s.shares[l])).join(' ');
  console.log(
    `${b.set.padEnd(18)} ${b.level.padEnd(8)} ${String(b.label).padStart(4)} ${String(b.n).padStart(4)}   ${row(b)}     ${row(a)}`,
  );
});
for (const r of fit.ranking)
  console.log(`${r.set.padEnd(18)} rho ${r.spearmanBefore} → ${r.spearmanAfter}   AUC ${r.aucBefore} → ${r.aucAfter}`);
if (values.write) {
  const out = path.resolve(import.meta.dirname, '../../shared/score-map-fit.json');
  writeFileSync(out, JSON.stringify(fit, null, 2) + '\n');
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}
