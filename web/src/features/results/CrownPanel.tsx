import type { CrownPart } from '#shared/schemas.ts';
import { ratingForScore } from '#shared/scoring.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { explainMeasurements } from './measurements.ts';
import { describeMeasurementChanges, formatShortDate, scoreTrend, signed } from './progress.ts';
import { MeasurementList } from './MeasurementList.tsx';
import { ComparableNote } from './ComparableNote.tsx';
import { ResultPhoto } from './ResultPhoto.tsx';

export const CROWN_PANEL_TEXTS = {
  heading: 'Crown photo',
  combined:
    'Your score and Norwood stage above use both photos: a thinner crown raises the estimate, a full one never lowers it.',
} as const;

/** "On its own, the crown photo scores 42 (Mid) and reads as Norwood stage 4.": the score only where it was kept */
export function crownAloneText(crown: Pick<CrownPart, 'score' | 'norwoodStage'>): string {
  const score = typeof crown.score === 'number' ? `scores ${crown.score} (${ratingForScore(crown.score)}) and ` : '';
  return `On its own, the crown photo ${score}reads as Norwood stage ${crown.norwoodStage}.`;
}

const DELTA_CLASSES = { up: 'text-emerald-300', down: 'text-red-300', same: 'text-zinc-400' } as const;

/**
 * The crown photo of a two-photo rating: its overlay, its key measurements, its own score and Norwood estimate (those a
 * crown photo analysed alone gets: the history's crown line shows them), and its change since the previous crown photo.
 */
export function CrownPanel({ crown }: { crown: CrownPart }) {
  const changes = describeMeasurementChanges(crown.progress?.metricDeltas, 'top');
  const scoreDelta = crown.progress?.scoreDelta;
  return (
    <Card data-testid="crown-panel">
      <h3 className="text-lg font-bold">{CROWN_PANEL_TEXTS.heading}</h3>
      <p className="mt-1 text-sm text-zinc-300" data-testid="crown-alone">
        {crownAloneText(crown)}
      </p>
      <p className="mt-1 text-xs text-zinc-400">{CROWN_PANEL_TEXTS.combined}</p>
      {crown.imageBase64 && (
        <div className="mt-4">
          <ResultPhoto imageBase64={crown.imageBase64} overlayBase64={crown.overlayBase64} view="top" />
        </div>
      )}
      <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-zinc-400">Crown measurements</h4>
      <MeasurementList rows={explainMeasurements(crown.measurements)} testId="crown-measurements" />
      {crown.progress && (
        <div className="mt-4 text-sm" data-testid="crown-progress">
          <p className="font-semibold">Since your crown photo of {formatShortDate(crown.progress.previousCreatedAt)}</p>
          {crown.progress.comparable !== false && (
            <ul className="mt-1 space-y-0.5 text-zinc-300">
              {scoreDelta !== undefined && (
                <li
                  data-testid="crown-score-delta"
                  className={cn('font-semibold', DELTA_CLASSES[scoreTrend(scoreDelta)])}
                >
                  Crown score {signed(scoreDelta)}
                </li>
              )}
              {changes.length > 0 ? changes.map((c) => <li key={c.key}>{c.text}</li>) : <li>No measured change.</li>}
            </ul>
          )}
          <ComparableNote progress={crown.progress} kind="crown" />
        </div>
      )}
    </Card>
  );
}
