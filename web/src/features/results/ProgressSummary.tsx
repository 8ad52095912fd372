import type { PhotoView, Progress } from '#shared/schemas.ts';
import type { ViewKind } from '#shared/view-kinds.ts';
import { cn } from '#web/components/ui/cn.ts';
import { ComparableNote } from './ComparableNote.tsx';
import {
  describeMeasurementChanges,
  formatScoreProgress,
  otherViewNote,
  scoreTrend,
  type MeasurementChange,
  type Trend,
} from './progress.ts';

const TREND_CLASSES: Record<Trend, string> = {
  up: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-300',
  down: 'border-red-400/40 bg-red-400/10 text-red-300',
  same: 'border-white/15 bg-white/5 text-zinc-300',
};
const TREND_ARROWS: Record<Trend, string> = { up: '▲', down: '▼', same: '●' };
const TREND_WORDS: Record<Trend, string> = { up: 'Score went up', down: 'Score went down', same: 'Score unchanged' };
const CHANGE_CLASSES: Record<MeasurementChange['tone'], string> = {
  better: 'text-emerald-300',
  worse: 'text-red-300',
  same: 'text-zinc-400',
};

/**
 * "+4 since 12 Oct", coloured by direction, with the main measurement changes in words (`view`, `kind`: this rating's
 * view as the engine measured it and kind of photo as people take it, shared/view-kinds.ts).
 */
export function ProgressSummary({ progress, view, kind }: { progress: Progress; view?: PhotoView; kind: ViewKind }) {
  if (progress.comparable === false) return <ComparableNote progress={progress} kind={kind} />;
  if (progress.scoreDelta === undefined) {
    return (
      <p
        data-testid="progress-other-view"
        className="w-full rounded-xl border border-white/15 bg-white/5 p-3 text-left text-sm text-zinc-300"
      >
        {otherViewNote(progress, view ? kind : undefined)}
      </p>
    );
  }
  const trend = scoreTrend(progress.scoreDelta);
  const changes = describeMeasurementChanges(progress.metricDeltas, view, kind);
  return (
    <div
      data-testid="progress-summary"
      data-trend={trend}
      className={cn('w-full rounded-xl border p-3 text-left', TREND_CLASSES[trend])}
    >
      <p className="flex items-center gap-2 font-bold">
        <span aria-hidden="true">{TREND_ARROWS[trend]}</span>
        <span className="sr-only">{TREND_WORDS[trend]}: </span>
        <span data-testid="progress-score">
          {formatScoreProgress({ ...progress, scoreDelta: progress.scoreDelta })}
        </span>
      </p>
      {changes.length > 0 && (
        <ul className="mt-2 space-y-0.5 text-sm" aria-label="Changes since your previous analysis">
          {changes.map((c) => (
            <li key={c.key} className={CHANGE_CLASSES[c.tone]}>
              {c.text}
            </li>
          ))}
        </ul>
      )}
      <ComparableNote progress={progress} kind={kind} />
    </div>
  );
}
