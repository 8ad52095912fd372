/**
 * The eval's fourth step: one folder's figures from its held-out rows (hold-out.ts), as the public /accuracy page reads
 * them (`summary`, rounded) and the unrounded ones the printout shows beside the in-sample figures kept for debugging.
 */
import type { AccuracySummary, GroupFigures, LabelledSetSummary } from '#shared/accuracy.ts';
import type { Contradiction } from '#lambdas/analysis/offline.ts';
import { PHOTO_VIEWS, type PhotoView } from '#shared/schemas.ts';
import { mean, median, round3 } from '#shared/statistics.ts';
import { labelStages } from '../labels.ts';
import type { SkinTone } from '../skin-tones.ts';
import { SKIN_TONES } from '../skin-tones.ts';
import { stageAgreement } from '../stage-agreement.ts';
import {
  adjacentAucs,
  auc,
  balancedSpearman,
  bootstrapSpearman,
  concordance,
  spearman,
  spearmanCeiling,
} from '../stats.ts';
import { wordAgreement } from '../word-agreement.ts';
import { trainedOn, type EvalRow } from './hold-out.ts';

/** the held-out rank figures before rounding */
export interface RankFigures {
  spearman: number;
  low: number;
  high: number;
  ceiling: number;
  balanced: ReturnType<typeof balancedSpearman>;
  concordance: number;
  auc: number;
  adjacent: ReturnType<typeof adjacentAucs>;
  /** Spearman of the in-sample scores: for debugging only */
  inSampleSpearman: number;
}

export interface StageFigures {
  stage: number;
  n: number;
  mean: number;
  min: number;
  max: number;
  inSampleMean: number;
}

export interface SetFigures {
  dir: string;
  summary: LabelledSetSummary;
  /** how many of its photos were scored (not refused) */
  scored: number;
  /** null when the folder holds one label only */
  ranks: RankFigures | null;
  /** the folder's lowest and highest labels */
  lowest: number;
  highest: number;
  byStage: StageFigures[];
  contradicted: { file: string; contradictions: Contradiction[] }[];
  /** `file:code` of each refused photo */
  refusals: string[];
}

/** `own`: the folder's rows, in order; skinTones: `set/file` → group (skin-tones.ts) */
export function setFigures(dir: string, own: readonly EvalRow[], skinTones: ReadonlyMap<string, SkinTone>): SetFigures {
  const first = own[0]!;
  const scored = own.filter((r) => r.analysis);
  const stages = [...new Set(own.map((r) => r.stage))].sort((a, b) => a - b);
  const lo = stages[0]!,
    hi = stages[stages.length - 1]!;
  const views = Object.fromEntries(
    PHOTO_VIEWS.map((v) => [v, scored.filter((r) => r.analysis!.scoreInputs.view === v).length]),
  ) as Record<PhotoView, number>;
  const faces = scored.filter((r) => r.analysis!.measurements.faceFound).length;
  const distinct = new Set(own.map((r) => r.group)).size;
  const refused = own.length - scored.length;
  const ranks = stages.length > 1 ? rankFigures(scored, lo, hi) : null;

  const byStage = stages.map((s) => {
    const of = scored.filter((r) => r.stage === s);
    const sc = of.map((r) => r.heldOutScore!);
    return {
      stage: s,
      n: sc.length,
      mean: mean(sc),
      min: Math.min(...sc),
      max: Math.max(...sc),
      inSampleMean: mean(of.map((r) => r.analysis!.score)),
    };
  });
  const shownStage = stageAgreement(
    scored.map((r) => ({ shown: r.heldOutNorwood!, label: labelStages(r.info, r.stage, r.dir) })),
    stages.map((label) => ({ label, stages: labelStages(first.info, label, dir) })),
  );
  const metricWords = ranks ? wordAgreement(scored.map((r) => ({ words: r.heldOutWords!, label: r.stage }))) : null;
  const byView = PHOTO_VIEWS.map((v) =>
    groupFigures(
      v,
      own.filter((r) => r.analysis?.scoreInputs.view === v),
      hi,
    ),
  ).filter((g) => g.photos > 0);
  const bySkinTone = SKIN_TONES.map((tone) =>
    groupFigures(
      tone,
      own.filter((r) => skinTones.get(`${r.set}/${r.file}`) === tone),
      hi,
    ),
  ).filter((g) => g.photos > 0);
  const darker = darkerFigures(scored, hi);
  const turned = turnedFigures(scored);

  return {
    dir,
    summary: {
      id: first.set,
      description: first.info.description,
      scale: first.info.scale,
      photos: own.length,
      distinctPhotos: distinct,
      refusedShare: round3(refused / own.length),
      refusedBy: refusalCounts(own.flatMap((r) => (r.rejected ? [r.rejected] : []))),
      views,
      facesFound: faces,
      heldOutBy: trainedOn(first) ? 'grouped-cv' : 'unseen',
      heldOut: ranks && {
        spearman: round3(ranks.spearman),
        spearmanLow: round3(ranks.low),
        spearmanHigh: round3(ranks.high),
        spearmanCeiling: round3(ranks.ceiling),
        balancedSpearman: {
          median: round3(ranks.balanced.median),
          low: round3(ranks.balanced.low),
          high: round3(ranks.balanced.high),
          perLabel: ranks.balanced.perLabel,
        },
        concordance: round3(ranks.concordance),
        auc: round3(ranks.auc),
        adjacentAuc: ranks.adjacent.map((a) => ({ ...a, auc: round3(a.auc) })),
      },
      meanScoreByStage: byStage.map((s) => ({ stage: s.stage, n: s.n, meanScore: Math.round(10 * s.mean) / 10 })),
      shownStage,
      metricWords,
      byView,
      bySkinTone,
      ...(turned ? { turned } : {}),
      ...(darker ? { darker } : {}),
    },
    scored: scored.length,
    ranks,
    lowest: lo,
    highest: hi,
    byStage,
    contradicted: scored.flatMap((r) =>
      r.contradictions?.length ? [{ file: r.file, contradictions: r.contradictions }] : [],
    ),
    refusals: own.filter((r) => r.rejected).map((r) => `${r.file}:${r.rejected}`),
  };
}

/** the held-out scores against the labels: rank agreement with its interval, and how well they part the labels */
function rankFigures(scored: readonly EvalRow[], lowest: number, highest: number): RankFigures {
  const held = scored.map((r) => r.heldOutScore!);
  const labels = scored.map((r) => r.stage);
  const groups = scored.map((r) => r.group);
  const [low, high] = bootstrapSpearman(held, labels, groups);
  return {
    spearman: spearman(held, labels),
    low,
    high,
    ceiling: spearmanCeiling(labels),
    balanced: balancedSpearman(held, labels, groups),
    concordance: concordance(held, labels),
    auc: auc(
      held.filter((_, i) => labels[i] === lowest),
      held.filter((_, i) => labels[i] === highest),
    ),
    adjacent: adjacentAucs(held, labels),
    inSampleSpearman: spearman(
      scored.map((r) => r.analysis!.score),
      labels,
    ),
  };
}

/** held-out figures of a group of one set's photos (one view, or one skin-tone group) */
export function groupFigures(group: string, members: readonly EvalRow[], highest: number): GroupFigures {
  const scored = members.filter((r) => r.analysis);
  const labels = scored.map((r) => r.stage);
  const top = scored.filter((r) => r.stage === highest).map((r) => r.heldOutScore!);
  return {
    group,
    photos: members.length,
    refused: members.length - scored.length,
    spearman:
      scored.length >= 8 && new Set(labels).size > 1
        ? round3(
            spearman(
              scored.map((r) => r.heldOutScore!),
              labels,
            ),
          )
        : null,
    highestLabelMeanScore: top.length ? Math.round(10 * mean(top)) / 10 : null,
  };
}

type SetSummary = AccuracySummary['sets'][number];

/** the held-out scores of the views from above with darker skin and light: rank agreement, and how far darkness alone moves them */
export function darkerFigures(scored: readonly EvalRow[], highest: number): SetSummary['darker'] {
  const copies = scored.filter((r) => r.darkerScore !== undefined);
  if (copies.length < 8 || new Set(copies.map((r) => r.stage)).size < 2) return undefined;
  const change = (rs: readonly EvalRow[]) => round1(mean(rs.map((r) => r.darkerScore! - r.heldOutScore!)));
  const top = copies.filter((r) => r.stage === highest);
  return {
    copies: copies.length,
    spearman: round3(
      spearman(
        copies.map((r) => r.darkerScore!),
        copies.map((r) => r.stage),
      ),
    ),
    meanChange: change(copies),
    highestLabelChange: top.length ? change(top) : null,
  };
}

/** the held-out scores of the views from above turned by quarter turns: rank agreement, and change from the photo */
export function turnedFigures(scored: readonly EvalRow[]): SetSummary['turned'] {
  const copies = scored.flatMap((r) =>
    (r.turnedScores ?? []).map((score) => ({ score, stage: r.stage, change: Math.abs(score - r.heldOutScore!) })),
  );
  if (copies.length < 8 || new Set(copies.map((c) => c.stage)).size < 2) return undefined;
  const changes = copies.map((c) => c.change).sort((a, b) => a - b);
  return {
    copies: copies.length,
    spearman: round3(
      spearman(
        copies.map((c) => c.score),
        copies.map((c) => c.stage),
      ),
    ),
    medianChange: median(changes),
    p90Change: changes[Math.floor(0.9 * (changes.length - 1))]!,
  };
}

/** how many photos each refusal code refused, most first */
export function refusalCounts(codes: readonly string[]): SetSummary['refusedBy'] {
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].map(([code, photos]) => ({ code, photos })).sort((a, b) => b.photos - a.photos);
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
