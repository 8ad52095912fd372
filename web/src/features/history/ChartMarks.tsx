/**
 * The history chart's marks: whether a point can be compared with the latest of its line, told by shape as well as
 * colour (a ringed dot, a filled dot, an open dot, a square) and named in a legend. The history list says the same in
 * words; both read comparability.ts, which reads shared/comparable.ts.
 */
import type { DotItemDotProps } from 'recharts';
import type { ViewKind } from '#shared/view-kinds.ts';
import { COMPARABILITY_TEXTS, type Comparability } from './comparability.ts';
import { kindMark, pointMarks, type HistoryChartPoint } from './history-chart-data.ts';

export type MarkKind = Comparability['kind'];

const CHART_BACKGROUND = '#12121c';
const LEGEND_COLOUR = '#e4e4e7';
const MARK_ORDER: readonly MarkKind[] = ['latest', 'comparable', 'incomparable', 'unknown'];
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const MARK_LABELS: Record<MarkKind, string> = {
  latest: 'Latest',
  comparable: capitalise(COMPARABILITY_TEXTS.comparable),
  incomparable: capitalise(COMPARABILITY_TEXTS.notComparable),
  unknown: 'Taken before pose, distance and light were recorded',
};

/** One mark centred on (x, y). */
function MarkShape({ kind, x, y, colour }: { kind: MarkKind; x: number; y: number; colour: string }) {
  switch (kind) {
    case 'latest':
      return (
        <>
          <circle cx={x} cy={y} r={7} fill="none" stroke={colour} strokeWidth={2} />
          <circle cx={x} cy={y} r={3.5} fill={colour} />
        </>
      );
    case 'comparable':
      return <circle cx={x} cy={y} r={4.5} fill={colour} />;
    case 'incomparable':
      return <circle cx={x} cy={y} r={4} fill={CHART_BACKGROUND} stroke={colour} strokeWidth={2} />;
    case 'unknown':
      return <rect x={x - 3} y={y - 3} width={6} height={6} fill={colour} />;
  }
}

/** The dot of one kind's line: its point's mark there, nothing where the point is not on it. */
export function markDot(colour: string, line: ViewKind) {
  return function MarkDot({ cx, cy, payload }: DotItemDotProps) {
    if (typeof cx !== 'number' || typeof cy !== 'number') return null;
    const kind = kindMark(payload as HistoryChartPoint, line)?.kind;
    if (!kind) return null;
    return (
      <g data-testid="history-chart-mark" data-mark={kind}>
        <MarkShape kind={kind} x={cx} y={cy} colour={colour} />
      </g>
    );
  };
}

/** every mark on the chart: each point's, and a two-photo analysis's crown photo's on the crown line */
const allMarks = (points: readonly HistoryChartPoint[]): MarkKind[] =>
  points.flatMap((p) => pointMarks(p).map((m) => m.comparability.kind));

/** the marks the points carry, in the legend's order */
export function marksIn(points: readonly HistoryChartPoint[]): MarkKind[] {
  const marks = allMarks(points);
  return MARK_ORDER.filter((kind) => marks.includes(kind));
}

/** "2 comparable with the latest, 1 not comparable with the latest", for the chart's label; '' when none is marked */
export function marksSummary(points: readonly HistoryChartPoint[]): string {
  const marks = allMarks(points);
  const count = (kind: MarkKind) => marks.filter((m) => m === kind).length;
  const parts = [
    [count('comparable'), COMPARABILITY_TEXTS.comparable],
    [count('incomparable'), COMPARABILITY_TEXTS.notComparable],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, text]) => `${n} ${text}`)
    .join(', ');
}

/** What each mark means; shown once a point is marked comparable or not (a lone latest point needs no legend). */
export function MarkLegend({ points }: { points: readonly HistoryChartPoint[] }) {
  const kinds = marksIn(points);
  if (!kinds.includes('comparable') && !kinds.includes('incomparable')) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-300" data-testid="history-chart-legend">
      {kinds.map((kind) => (
        <li key={kind} className="flex items-center gap-1.5" data-mark={kind}>
          <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden="true">
            <MarkShape kind={kind} x={8} y={8} colour={LEGEND_COLOUR} />
          </svg>
          {MARK_LABELS[kind]}
        </li>
      ))}
    </ul>
  );
}
