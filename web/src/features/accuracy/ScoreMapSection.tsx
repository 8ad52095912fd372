import { RATING_LABELS, type RatingLabel } from '#shared/scoring.ts';
import { SCORE_MAP_FIT, type BandShares } from '#shared/score-map.ts';
import { Card } from '#web/components/ui/Card.tsx';

const CELL = 'px-3 py-2.5 sm:px-5';
const pct = (share: number) => `${Math.round(share * 100)} %`;
const f1 = (stage: number) => stage.toFixed(1);
const LEVEL_NAMES: Record<BandShares['level'], string> = {
  lowest: 'fullest label',
  highest: 'bald or shaved',
};

type Props = { className: string; headingClass: string; textClass: string };

/**
 * /accuracy: what each label means, in plain words: the three edges of the map from the estimated Norwood stage to the
 * score (shared/score-map.ts), how they were fitted, and the share of each labelled set's fullest and barest photos in
 * each label before and after the fit.
 */
export function ScoreMapSection({ className, headingClass, textClass }: Props) {
  const { params, before, after, ranking, provenance } = SCORE_MAP_FIT;
  return (
    <section aria-labelledby="labels-heading" className={className} data-testid="score-map">
      <h2 id="labels-heading" className={headingClass}>
        What each label means
      </h2>
      <p className={textClass}>
        The score comes from the estimated Norwood stage (1 a full hairline, 7 bald on top) through one curve, fitted so
        that each label means its name on the labelled photos:
      </p>
      <ul className={`${textClass} list-disc space-y-1 pl-5`} data-testid="score-map-edges">
        <li>
          A bald or shaved head scores 30 or less, <strong>Cooked</strong>: an estimate of {f1(params.cookedEdge)} or
          more.
        </li>
        <li>
          <strong>Mid</strong> (31 to 60): estimates from {f1(params.wRizzEdge)} to {f1(params.cookedEdge)}.
        </li>
        <li>
          A full adult hairline scores above 60, <strong>W Rizz</strong>: estimates below {f1(params.wRizzEdge)}. No
          bald or shaved head in the labelled sets was estimated that low.
        </li>
        <li>
          Only the fullest hairlines score above 85, <strong>Certified Rizz God</strong>: estimates below{' '}
          {f1(params.godEdge)}, where the fuller half of the full hairlines lie.
        </li>
      </ul>
      <p className={textClass}>
        The edges were chosen on estimates each photo got with it held out of the fit (grouped cross-validation on the
        development sets, {provenance.fittedAt}): Cooked from where at least {pct(1 - provenance.cookedQuantile)} of
        each set&apos;s bald heads lie, W Rizz below the lowest bald head, Certified Rizz God below the middle of the
        full hairlines. The curve keeps the order of the photos, so it changes no ranking figure:{' '}
        {ranking
          .map((r) => `${r.set} ρ ${r.spearmanBefore.toFixed(3)} before, ${r.spearmanAfter.toFixed(3)} after`)
          .join('; ')}{' '}
        (ties from rounding to whole points aside).
      </p>
      <Card className="mt-5 overflow-x-auto p-0">
        <table className="w-full text-left text-sm" data-testid="score-map-shares">
          <thead className="text-zinc-400">
            <tr className="border-b border-white/10">
              <th scope="col" className={`${CELL} font-semibold`}>
                Set, photos
              </th>
              {RATING_LABELS.map((l) => (
                <th key={l} scope="col" className={`${CELL} text-right font-semibold`}>
                  {l}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {after.map((a, k) => (
              <tr key={`${a.set}-${a.level}`} className="border-b border-white/5 last:border-0">
                <th scope="row" className={`${CELL} font-normal text-zinc-200`}>
                  {a.set}, {LEVEL_NAMES[a.level]} (label {a.label}, {a.n})
                </th>
                {RATING_LABELS.map((l) => (
                  <td key={l} className={`${CELL} text-right tabular-nums`}>
                    {shareCell(a, before[k], l)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <p className={textClass}>
        Each cell: the share now, and before the fit in brackets. The development sets&apos; figures are out of fold;
        the sets the analysis never saw are judged by the figures above.
      </p>
    </section>
  );
}

function shareCell(now: BandShares, was: BandShares | undefined, label: RatingLabel): string {
  const then = was ? ` (${pct(was.shares[label])})` : '';
  return `${pct(now.shares[label])}${then}`;
}
