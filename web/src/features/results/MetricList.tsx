import { CHART_TONE_COLORS } from './score-style.ts';
import type { ChartPoint } from './chart-data.ts';

/** The chart's numbers as text, for screen readers and for anyone who prefers reading them. */
export function MetricList({ data }: { data: ChartPoint[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {data.map((p) => (
        <div key={p.key} className="rounded-xl border border-white/10 bg-ink-950/60 p-3">
          <dt className="text-xs uppercase tracking-wide text-zinc-400">{p.metric}</dt>
          <dd className="mt-1 flex items-baseline justify-between gap-2">
            <span className="font-semibold">{p.value}</span>
            <span className="text-xs font-bold" style={{ color: CHART_TONE_COLORS[p.tone] }}>
              {p.points}/100
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
