import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Card } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import type { RatingSummary } from './history-api.ts';
import {
  HISTORY_SERIES,
  historyChartData,
  isHistorySeries,
  noTrendYet,
  SERIES_LABELS,
  type HistorySeries,
} from './history-chart-data.ts';

const HistoryChart = lazy(() => import('./HistoryChart.tsx'));

/** The progress chart with its series selector. */
export function HistoryChartCard({ items }: { items: readonly RatingSummary[] }) {
  const [series, setSeries] = useState<HistorySeries>('score');
  const data = useMemo(() => historyChartData(items), [items]);
  const selectId = useId();
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold">Progress over time</h2>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={selectId} className="text-zinc-300">
            Show
          </label>
          <select
            id={selectId}
            value={series}
            onChange={(e) => isHistorySeries(e.target.value) && setSeries(e.target.value)}
            className="rounded-lg border border-white/15 bg-ink-950 px-3 py-1.5 text-zinc-100 focus:border-accent-teal"
          >
            {HISTORY_SERIES.map((s) => (
              <option key={s} value={s}>
                {SERIES_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {noTrendYet(data) && (
        <p className="mt-2 text-sm text-zinc-400">Analyse another photo of the same kind later to see your trend.</p>
      )}
      <Suspense
        fallback={
          <div className="flex h-64 items-center justify-center">
            <Spinner label="Loading the chart" />
          </div>
        }
      >
        <HistoryChart data={data} series={series} />
      </Suspense>
    </Card>
  );
}
