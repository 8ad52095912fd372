import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SERIES_LABELS, type HistoryChartPoint, type HistorySeries } from './history-chart-data.ts';

export const HISTORY_LINE_COLOR = '#2dd4bf';
const AXIS_COLOR = '#a1a1aa';

/** Score (or one metric's points) over time; lazy-loaded with recharts. The list below carries the same numbers. */
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
  return (
    <div
      className="h-64 w-full"
      data-testid="history-chart"
      role="img"
      aria-label={`${label} over time, ${data.length} analyses`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 10, right: 16, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#27272a" strokeDasharray="3 3" />
          <XAxis dataKey="date" stroke={AXIS_COLOR} fontSize={12} tickMargin={6} />
          <YAxis domain={[0, 100]} stroke={AXIS_COLOR} fontSize={12} ticks={[0, 25, 50, 75, 100]} />
          <Tooltip
            contentStyle={{ background: '#12121c', border: '1px solid rgba(255,255,255,0.1)', borderRadius: 12 }}
            labelStyle={{ color: '#e4e4e7' }}
            formatter={(value) => [value, label]}
          />
          <Line
            type="monotone"
            dataKey={series}
            name={label}
            stroke={HISTORY_LINE_COLOR}
            strokeWidth={2.5}
            dot={{ r: 4, fill: HISTORY_LINE_COLOR }}
            isAnimationActive={animate}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
