import { Fragment, type ReactNode } from 'react';
import type { LabelledSetSummary, MetricWordsAgreement } from '#shared/accuracy.ts';
import { METRIC_KEYS, METRIC_TITLES, type MetricKey } from '#shared/scoring.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { Figure } from './Figure.tsx';
import { formatChange, formatPoints, formatShare, formatStatistic, hasRanking } from './figures.ts';
import { GroupTable } from './GroupTable.tsx';
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

const HELD_OUT_BY: Record<LabelledSetSummary['heldOutBy'], string> = {
  'grouped-cv':
    'Held out: the scoring is fitted on these photos, so each one was scored by a model refitted without it and without any copy of it (grouped 5-fold cross-validation).',
  unseen: 'Held out: the scoring was never fitted on these photos.',
};

/** the refusal codes a set's photos were refused for (lambdas/analysis/errors.ts), as the page says them */
const REFUSAL_WORDS: Record<string, string> = {
  no_colour: 'in black and white',
  forehead_covered: 'forehead covered',
  no_hair: 'no face or scalp found',
  face_cut_off: 'head cut off',
  face_too_small: 'face too small',
  head_turned: 'head turned',
  too_dark: 'too dark',
  overexposed: 'washed out',
  blurred: 'blurred',
  multiple_faces: 'several people',
  too_small: 'too small',
  minor: 'under 18',
  not_crown: 'a face, not a crown',
  undecodable: 'unreadable',
};

/** How well each of the six words a result shows follows the labels, held out; "n/a" where the word never changed. */
function MetricWordsLine({ words, name }: { words: MetricWordsAgreement; name: (key: MetricKey) => string }) {
  return (
    <p className="mt-4 text-sm text-zinc-300">
      The six words beside the score, held out (ρ of each word&rsquo;s points on the result&rsquo;s chart with the
      label; −1 is a word that worsens with every label):{' '}
      {METRIC_KEYS.map((key, i) => {
        const rho = words[key];
        return (
          <Fragment key={key}>
            {i > 0 && ', '}
            {METRIC_TITLES[key]}{' '}
            {rho === null ? 'n/a' : <Figure value={rho} name={name(key)} format={formatStatistic} />}
          </Fragment>
        );
      })}
      .
    </p>
  );
}

/** One labelled set: its photos, how the held-out score ranks them against their labels, and its mean score per label. */
export function SetFigures({ set, index }: { set: LabelledSetSummary; index: number }) {
  const name = (field: string) => `sets.${index}.${field}`;
  const headingId = `set-${index}`;
  const held = set.heldOut;
  const highestLabel = Math.max(...set.meanScoreByStage.map((row) => row.stage));
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
            <>
              <Figure value={set.distinctPhotos} name={name('distinctPhotos')} format={String} /> distinct (copies
              counted once); <Figure value={set.views.front} name={name('views.front')} format={String} /> front,{' '}
              <Figure value={set.views.bowed} name={name('views.bowed')} format={String} /> tipped down,{' '}
              <Figure value={set.views.top} name={name('views.top')} format={String} /> top views; a face found in{' '}
              <Figure value={set.facesFound} name={name('facesFound')} format={String} />
            </>
          }
        >
          <Figure value={set.photos} name={name('photos')} format={String} />
        </Stat>
        <Stat
          label="Refused"
          note={
            <>
              no score, no credit
              {set.refusedBy.map(({ code, photos }, i) => (
                <Fragment key={code}>
                  {i === 0 ? ': ' : ', '}
                  <Figure value={photos} name={name(`refusedBy.${i}.photos`)} format={String} />{' '}
                  {REFUSAL_WORDS[code] ?? code}
                </Fragment>
              ))}
            </>
          }
        >
          <Figure value={set.refusedShare} name={name('refusedShare')} format={formatShare} />
        </Stat>
        {held && (
          <Stat
            label="Rank correlation with the stage"
            note={
              <>
                Spearman ρ, held out; 95% interval{' '}
                <Figure value={held.spearmanLow} name={name('heldOut.spearmanLow')} format={formatStatistic} /> to{' '}
                <Figure value={held.spearmanHigh} name={name('heldOut.spearmanHigh')} format={formatStatistic} />; a
                perfect score would read{' '}
                <Figure value={held.spearmanCeiling} name={name('heldOut.spearmanCeiling')} format={formatStatistic} />{' '}
                on these labels (photos of one label tie in the label, not in the score)
              </>
            }
          >
            <Figure value={held.spearman} name={name('heldOut.spearman')} format={formatStatistic} />
          </Stat>
        )}
        {held && (
          <Stat
            label="Lowest vs highest stage"
            note="chance a photo of the lowest stage outscores one of the highest, held out"
          >
            <Figure value={held.auc} name={name('heldOut.auc')} format={formatStatistic} />
          </Stat>
        )}
      </dl>
      {held && (
        <p className="mt-4 text-sm text-zinc-300">
          With as many photos of each label as the rarest label has (
          <Figure
            value={held.balancedSpearman.perLabel}
            name={name('heldOut.balancedSpearman.perLabel')}
            format={String}
          />{' '}
          of each, drawn at random 1,000 times), so that sets with different mixes of labels compare: ρ{' '}
          <strong className="tabular-nums">
            <Figure
              value={held.balancedSpearman.median}
              name={name('heldOut.balancedSpearman.median')}
              format={formatStatistic}
            />
          </strong>{' '}
          (95% of draws{' '}
          <Figure
            value={held.balancedSpearman.low}
            name={name('heldOut.balancedSpearman.low')}
            format={formatStatistic}
          />{' '}
          to{' '}
          <Figure
            value={held.balancedSpearman.high}
            name={name('heldOut.balancedSpearman.high')}
            format={formatStatistic}
          />
          ). Of every two photos with different labels, the score orders{' '}
          <strong className="tabular-nums">
            <Figure value={held.concordance} name={name('heldOut.concordance')} format={formatShare} />
          </strong>{' '}
          right (the one with more hair loss scoring lower; 50% is chance).
        </p>
      )}
      {held && held.adjacentAuc.length > 0 && (
        <div className="mt-4 text-sm text-zinc-300">
          <p>Neighbouring stages (the chance a photo of the lower stage outscores one of the next stage up):</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {held.adjacentAuc.map((pair, i) => (
              <li key={pair.lower}>
                <Figure value={pair.lower} name={name(`heldOut.adjacentAuc.${i}.lower`)} format={String} /> vs{' '}
                <Figure value={pair.higher} name={name(`heldOut.adjacentAuc.${i}.higher`)} format={String} />:{' '}
                <strong className="tabular-nums">
                  <Figure value={pair.auc} name={name(`heldOut.adjacentAuc.${i}.auc`)} format={formatStatistic} />
                </strong>
              </li>
            ))}
          </ul>
        </div>
      )}
      {set.shownStage && (
        <p className="mt-4 text-sm text-zinc-300">
          The Norwood stage a result shows, held out: one of the stages its label covers (
          {set.shownStage.labels.map((l, i) => (
            <Fragment key={l.label}>
              {i > 0 && '; '}label{' '}
              <Figure value={l.label} name={name(`shownStage.labels.${i}.label`)} format={String} />: Norwood {l.stages}
            </Fragment>
          ))}
          {set.shownStage.labels.length === 0
            ? 'each label is a Norwood stage'
            : set.shownStage.labels.length < set.meanScoreByStage.length && '; any other: its own stage'}
          ) for <Figure value={set.shownStage.matched} name={name('shownStage.matched')} format={formatShare} /> of the{' '}
          <Figure value={set.shownStage.photos} name={name('shownStage.photos')} format={String} /> scored photos, at
          most one stage off for{' '}
          <Figure value={set.shownStage.withinOne} name={name('shownStage.withinOne')} format={formatShare} /> (one
          stage shown for every photo would match at best{' '}
          <Figure value={set.shownStage.baseline} name={name('shownStage.baseline')} format={formatShare} />
          ).
        </p>
      )}
      {set.metricWords && <MetricWordsLine words={set.metricWords} name={(key) => name(`metricWords.${key}`)} />}
      <p className="mt-4 text-sm text-zinc-400">{HELD_OUT_BY[set.heldOutBy]}</p>
      {!hasRanking(set) && (
        <p className="mt-2 text-sm text-zinc-400">
          Every photo in this set has the same label, so there is no ranking to measure: what counts here is the mean
          score and how many photos are refused.
        </p>
      )}
      <GroupTable
        caption="By the view the analysis read (a view with fewer than 8 photos or one label gets no ρ):"
        groups={set.byView}
        name={name('byView')}
        highestLabel={highestLabel}
      />
      <GroupTable
        caption="By skin tone (labelled by eye: light, medium and dark on the Monk scale's 1-3, 4-6 and 7-10):"
        groups={set.bySkinTone}
        name={name('bySkinTone')}
        highestLabel={highestLabel}
      />
      {set.turned && (
        <p className="mt-4 text-sm text-zinc-300">
          Turned by a quarter, a half and three quarters (a photo from above has no up:{' '}
          <Figure value={set.turned.copies} name={name('turned.copies')} format={String} /> turned copies of the photos
          read from above, held out): ρ{' '}
          <Figure value={set.turned.spearman} name={name('turned.spearman')} format={formatStatistic} />; the score
          moved by a median of{' '}
          <Figure value={set.turned.medianChange} name={name('turned.medianChange')} format={formatPoints} /> points
          from the photo as taken (1 in 10 by{' '}
          <Figure value={set.turned.p90Change} name={name('turned.p90Change')} format={formatPoints} /> points or more).
        </p>
      )}
      {set.darker && (
        <p className="mt-4 text-sm text-zinc-300">
          With darker, browner skin and light (the whole photo darkened and browned, a rough stand-in for darker skin:{' '}
          <Figure value={set.darker.copies} name={name('darker.copies')} format={String} /> copies of the photos read
          from above, held out): ρ{' '}
          <Figure value={set.darker.spearman} name={name('darker.spearman')} format={formatStatistic} />; the score
          moved by <Figure value={set.darker.meanChange} name={name('darker.meanChange')} format={formatChange} />{' '}
          points on average
          {set.darker.highestLabelChange !== null && (
            <>
              , by{' '}
              <Figure
                value={set.darker.highestLabelChange}
                name={name('darker.highestLabelChange')}
                format={formatChange}
              />{' '}
              for label {highestLabel}
            </>
          )}
          .
        </p>
      )}
      <StageChart set={set} index={index} />
    </Card>
  );
}
