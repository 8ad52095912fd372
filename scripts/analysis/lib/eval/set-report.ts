/** What the eval prints of one folder's figures (set-figures.ts): one string per printed line or block. */
import { METRIC_KEYS } from '#shared/scoring.ts';
import { PHOTO_VIEWS } from '#shared/schemas.ts';
import type { SetFigures } from './set-figures.ts';

/** three decimals, or n/a for a figure that could not be had */
export const f3 = (v: number | null | undefined): string =>
  v === null || v === undefined || Number.isNaN(v) ? 'n/a' : v.toFixed(3);
const pct = (share: number) => `${Math.round(100 * share)}%`;

export function setReport(fig: SetFigures): string[] {
  const { summary: s, ranks, lowest: lo, highest: hi } = fig;
  const refused = s.photos - fig.scored;
  const lines = [
    `\nfolder: ${fig.dir}  photos: ${s.photos} (${s.distinctPhotos} distinct)  scored: ${fig.scored}  refused: ${refused} (${((100 * refused) / s.photos).toFixed(1)}%)  views: ${PHOTO_VIEWS.map((v) => `${v} ${s.views[v]}`).join(', ')}  faces found: ${s.facesFound}`,
  ];
  if (ranks) {
    const b = ranks.balanced;
    lines.push(
      `HELD OUT (${s.heldOutBy}): Spearman rho ${f3(ranks.spearman)} [95% CI ${f3(ranks.low)} .. ${f3(ranks.high)}] (a perfect score: ${f3(ranks.ceiling)})   ${b.perLabel} per label: rho ${f3(b.median)} [${f3(b.low)} .. ${f3(b.high)}]   pairs ordered right ${f3(ranks.concordance)}   AUC ${lo} vs ${hi}: ${f3(ranks.auc)}   adjacent: ${ranks.adjacent.map((a) => `${a.lower}v${a.higher} ${f3(a.auc)}`).join('  ')}`,
      `in-sample (debugging only): Spearman rho ${f3(ranks.inSampleSpearman)}`,
    );
  }
  lines.push('label   n  held-out mean  min  max   (in-sample mean)');
  for (const st of fig.byStage) {
    lines.push(
      `${String(st.stage).padStart(5)} ${String(st.n).padStart(3)} ${st.mean.toFixed(1).padStart(14)} ${st.min.toFixed(0).padStart(4)} ${st.max.toFixed(0).padStart(4)}   (${st.inSampleMean.toFixed(1)})`,
    );
  }
  if (s.shownStage) {
    lines.push(
      `Norwood stage shown (held out): one the label covers ${pct(s.shownStage.matched)}, at most one stage off ${pct(s.shownStage.withinOne)} (one stage for every photo: ${pct(s.shownStage.baseline)})`,
    );
  }
  const words = s.metricWords;
  if (words) {
    lines.push(
      `metric words against the labels, held out (rho of each word's points on the result's chart): ` +
        METRIC_KEYS.map((k) => `${k} ${f3(words[k])}`).join('  '),
    );
  }
  for (const [title, groups] of [
    ['view', s.byView],
    ['skin tone', s.bySkinTone],
  ] as const) {
    if (groups.length === 0) continue;
    lines.push(
      `by ${title}: ` +
        groups
          .map(
            (g) =>
              `${g.group} ${g.photos} (refused ${g.refused}) rho ${f3(g.spearman)} label-${hi} mean ${g.highestLabelMeanScore ?? 'n/a'}`,
          )
          .join('  |  '),
    );
  }
  if (s.darker) {
    lines.push(
      `darker, browner skin and light (views from above, held out): ${s.darker.copies} copies, rho ${f3(s.darker.spearman)}, mean score change ${s.darker.meanChange}, label-${hi} ${s.darker.highestLabelChange ?? 'n/a'}`,
    );
  }
  if (s.turned) {
    lines.push(
      `turned by a quarter, half or three quarters (views from above, held out): ${s.turned.copies} copies, rho ${f3(s.turned.spearman)}, median |score change| from the photo as taken ${s.turned.medianChange} (90th percentile ${s.turned.p90Change})`,
    );
  }
  lines.push(
    `contradictions (score/consistency.ts, held out): ${fig.contradicted.length} of ${fig.scored} results` +
      fig.contradicted
        .slice(0, 5)
        .map((r) => `\n  ${r.file}: ${r.contradictions.map((c) => `${c.a} / ${c.b} (${c.why})`).join('; ')}`)
        .join(''),
  );
  if (fig.refusals.length) lines.push(`refused: ${fig.refusals.join(' ')}`);
  return lines;
}
