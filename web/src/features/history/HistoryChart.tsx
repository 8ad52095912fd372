import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { VIEW_KIND_COLOURS, VIEW_KIND_LABELS } from '#shared/view-kinds.ts';
import {
  chartKinds,
  kindValue,
  SERIES_LABELS,
  type HistoryChartPoint,
  type HistorySeries,
} from './history-chart-data.ts';
import { MARK_LABELS, MarkLegend, markDot, marksSummary } from './ChartMarks.tsx';

const AXIS_COLOR = '#a1a1aa';

/**
 * Score (or one metric's points) over time; lazy-loaded with recharts. One line per kind of photo (the hairline from
 * the front, from above, the crown: shared/view-kinds.ts): their scores are not comparable, so they never share a line;
 * a legend names them when both are there. A two-photo analysis has a point on two lines at its date: its face photo's
 * and its crown photo's own score on the crown line. Each point's mark says whether it was taken comparably with the
 * latest of its line (ChartMarks.tsx). The list below carries the same numbers and marks.
 */
export default function HistoryChart({
  data,
  series,
  animate = true,
}: {
  data: HistoryChartPoint[];
  series: HistorySeries;
  animate?: boolean;
}) {
  const label = SERIES_LABELS[series];
  const kinds = chartKinds(data);
  const names = kinds.map((k) => VIEW_KIND_LABELS[k].toLowerCase());
  const lines = kinds.length > 1 ? `, ${names.slice(0, -1).join(', ')} and ${names.at(-1)} apart` : '';
  const marks = marksSummary(data);
  return (
    <div>
      <div
        className="h-64 w-full"
        data-testid="history-chart"
        data-kinds={kinds.join(' ')}
        role="img"
        aria-label={`${label} over time, ${data.length} ${data.length === 1 ? 'analysis' : 'analyses'}${lines}${marks ? `; ${marks}` : ''}`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 10, right: 16, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#27272a" strokeDasharray="3 3" />
            <XAxis dataKey="date" stroke={AXIS_COLOR} fontSize={12} tickMargin={6} />
            <YAxis domain={[0, 100]} stroke={AXIS_COLOR} fontSize={12} ticks={[0, 25, 50, 75, 100]} />
            <Tooltip
              contentStyle={{ background: '#12121c', border: '1px solid rgba(255,255,255,0.1)', borderRadius: 12 }}
              labelStyle={{ color: '#e4e4e7' }}
              labelFormatter={(date, payload) => {
                const point = payload[0]?.payload as HistoryChartPoint | undefined;
                if (!point || point.comparability.kind === 'unknown') return date;
                return `${point.date} · ${MARK_LABELS[point.comparability.kind].toLowerCase()}`;
              }}
              formatter={(value, name) => [value, kinds.length > 1 ? `${label} (${String(name)})` : label]}
            />
            {kinds.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
            {kinds.map((kind) => (
              <Line
                key={kind}
                type="monotone"
                dataKey={(p: HistoryChartPoint) => kindValue(p, kind, series)}
                name={VIEW_KIND_LABELS[kind]}
                stroke={VIEW_KIND_COLOURS[kind]}
                strokeWidth={2.5}
                dot={markDot(VIEW_KIND_COLOURS[kind], kind)}
                connectNulls
                isAnimationActive={animate}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <MarkLegend points={data} />
    </div>
  );
}
