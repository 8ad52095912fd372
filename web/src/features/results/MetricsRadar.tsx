import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer } from 'recharts';
import { CHART_TONE_COLORS } from './score-style.ts';
import { overallTone, type ChartPoint } from './chart-data.ts';

interface TickProps {
  x?: number | string;
  y?: number | string;
  textAnchor?: string;
  payload?: { value: string; index: number };
}

/**
 * A label beside the chart (anchored at its start or end) grows sideways towards the card's edge: on a 360-390 px
 * phone "Years Until Bald" in one line was cut to "s Until Bald". Those labels go one word per line; the labels above
 * and below the chart (anchored in the middle) stay on one line.
 */
export function tickLines(label: string, textAnchor: string | undefined): string[] {
  return textAnchor === 'middle' ? [label] : label.split(' ');
}

export function MetricsRadar({ data, animate = true }: { data: ChartPoint[]; animate?: boolean }) {
  const color = CHART_TONE_COLORS[overallTone(data)];
  const Tick = ({ x, y, textAnchor, payload }: TickProps) => {
    const point = data.find((d) => d.metric === payload?.value);
    return (
      <text
        x={x}
        y={y}
        textAnchor={textAnchor as 'start' | 'middle' | 'end' | undefined}
        fill={point ? CHART_TONE_COLORS[point.tone] : '#d4d4d8'}
        fontSize={12}
        fontWeight={600}
      >
        {tickLines(payload?.value ?? '', textAnchor).map((line, i, lines) => (
          <tspan key={line} x={x} dy={i === 0 ? `${-(lines.length - 1) * 0.55}em` : '1.1em'}>
            {line}
          </tspan>
        ))}
      </text>
    );
  };
  return (
    <div
      className="h-72 w-full"
      data-testid="metrics-radar"
      role="img"
      aria-label="Radar chart of the six metrics; the same values are listed below"
    >
      <ResponsiveContainer width="100%" height="100%">
        {/* the list below carries the values for keyboard and screen-reader users, so the chart takes no focus */}
        <RadarChart data={data} outerRadius="70%" accessibilityLayer={false}>
          <PolarGrid stroke="#3f3f46" />
          <PolarAngleAxis dataKey="metric" tick={Tick} />
          <PolarRadiusAxis domain={[0, 100]} tick={false} axisLine={false} />
          <Radar
            dataKey="points"
            stroke={color}
            fill={color}
            fillOpacity={0.35}
            strokeWidth={2}
            isAnimationActive={animate}
          />
        </RadarChart>
      </ResponsiveContainer>
    </div>
  );
}
