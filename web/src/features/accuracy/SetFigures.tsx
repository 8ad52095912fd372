import type { ReactNode } from 'react';
import type { LabelledSetSummary } from '../../../../shared/accuracy.ts';
import { Card } from '../../components/ui/Card.tsx';
import { Figure } from './Figure.tsx';
import { formatShare, formatStatistic, hasRanking } from './figures.ts';
import { StageChart } from './StageChart.tsx';

function Stat({ label, children, note }: { label: string; children: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-xl bg-ink-950/60 p-4">
      <dt className="text-sm text-zinc-400">{label}</dt>
      <dd className="mt-1 text-2xl font-black tabular-nums">{children}</dd>
      {note && <dd className="mt-1 text-xs text-zinc-400">{note}</dd>}
    </div>
  );
}

/** One labelled set: its photos, how the score ranks them against their labels, and its mean score per stage. */
export function SetFigures({ set, index }: { set: LabelledSetSummary; index: number }) {
  const name = (field: string) => `sets.${index}.${field}`;
  const headingId = `set-${index}`;
  const views = set.views.front + set.views.top;
  return (
    <Card aria-labelledby={headingId} role="region">
      <h3 id={headingId} className="text-xl font-bold">
        <code className="font-mono text-accent-teal">{set.id}</code>
      </h3>
      <p className="mt-1 text-zinc-300">{set.description}</p>
      <p className="mt-1 text-sm text-zinc-400">Labels: {set.scale}</p>
      <dl className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Photos"
          note={
            views > 0 ? (
              <>
                <Figure value={set.views.front} name={name('views.front')} format={String} /> front views,{' '}
                <Figure value={set.views.top} name={name('views.top')} format={String} /> top views
              </>
            ) : undefined
          }
        >
          <Figure value={set.photos} name={name('photos')} format={String} />
        </Stat>
        <Stat label="Refused" note="no usable hairline: no score, no credit">
          <Figure value={set.refusedShare} name={name('refusedShare')} format={formatShare} />
        </Stat>
        {set.spearman !== null && (
          <Stat
            label="Rank correlation with the stage"
            note={
              set.groupedCvSpearman !== null ? (
                <>
                  <Figure value={set.groupedCvSpearman} name={name('groupedCvSpearman')} format={formatStatistic} /> when the scoring is
                  refitted without the photos it is tested on
                </>
              ) : (
                'Spearman ρ; −1: every higher stage scores lower'
              )
            }
          >
            <Figure value={set.spearman} name={name('spearman')} format={formatStatistic} />
          </Stat>
        )}
        {set.auc !== null && (
          <Stat label="Lowest vs highest stage" note="chance a photo of the lowest stage outscores one of the highest">
            <Figure value={set.auc} name={name('auc')} format={formatStatistic} />
          </Stat>
        )}
      </dl>
      {!hasRanking(set) && (
        <p className="mt-4 text-sm text-zinc-400">
          Every photo in this set has the same label, so there is no ranking to measure: what counts here is the mean score and how many photos
          are refused.
        </p>
      )}
      <StageChart set={set} index={index} />
    </Card>
  );
}
