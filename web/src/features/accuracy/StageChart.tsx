import type { LabelledSetSummary } from '#shared/accuracy.ts';
import { Figure } from './Figure.tsx';
import { formatScore } from './figures.ts';

/**
 * Mean score per label as plain HTML bars on the score's own 0-100 axis: rendered at build time, no chart library. Each
 * set's own labels (a portrait's level 4 is Norwood 6-7, a crown group 1 is Norwood 1-2), so the bars say "label".
 */
export function StageChart({ set, index }: { set: LabelledSetSummary; index: number }) {
  const headingId = `stage-chart-${index}`;
  return (
    <figure aria-labelledby={headingId} className="mt-6">
      <figcaption id={headingId} className="text-sm font-semibold text-zinc-200">
        Mean score per label <span className="font-normal text-zinc-400">(0-100, held out, photos scored)</span>
      </figcaption>
      <ol className="mt-3 space-y-2">
        {set.meanScoreByStage.map((row, i) => (
          <li key={row.stage} className="grid grid-cols-[4rem_1fr_2.5rem_4rem] items-center gap-2 text-sm sm:gap-3">
            <span className="text-zinc-300">
              Label <Figure value={row.stage} name={`sets.${index}.meanScoreByStage.${i}.stage`} format={String} />
            </span>
            <span aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-white/10">
              <span
                className="block h-full rounded-full bg-accent-teal"
                style={{ width: `${Math.max(0, Math.min(100, row.meanScore))}%` }}
              />
            </span>
            <span className="text-right font-semibold tabular-nums">
              <Figure
                value={row.meanScore}
                name={`sets.${index}.meanScoreByStage.${i}.meanScore`}
                format={formatScore}
              />
            </span>
            <span className="text-right text-xs text-zinc-400">
              <Figure value={row.n} name={`sets.${index}.meanScoreByStage.${i}.n`} format={String} /> photos
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
