import { Link, useSearchParams } from 'react-router-dom';
import type { SharedRating } from '#shared/schemas.ts';
import { buttonClasses } from '#web/components/ui/Button.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { CenteredSpinner } from '#web/components/ui/Spinner.tsx';
import { ScoreBadge } from '#web/features/results/index.ts';
import { isShareId } from '#shared/share-id.ts';
import { useSharedRating } from '#web/features/share/index.ts';
import { compareRatings, overallText, sideNames, type Comparison, type Side, type Winner } from './compare.ts';
import { compareCrowns } from './compare-crown.ts';
import { CrownCompare } from './CrownCompare.tsx';

export const COMPARE_PAGE_TEXTS = {
  title: 'Hairline face-off',
  invalid: 'This comparison link is incomplete or invalid.',
  missing: 'One of these results was removed or never existed, so there is nothing to compare.',
  error: 'Could not load the comparison. Please try again later.',
  tie: 'Tie',
  rate: 'Rate your hairline',
} as const;

const WIN_CLASSES = 'border-accent-teal/60 bg-accent-teal/10 text-accent-teal';

function Contender({ share, name, won }: { share: SharedRating; name: string; won: boolean }) {
  return (
    <Card
      className={cn('flex flex-col items-center gap-3 text-center', won && 'border-accent-teal/60')}
      data-testid="compare-side"
    >
      <p className="text-lg font-bold">{name}</p>
      <ScoreBadge score={share.score} label={share.rating} />
      <p className="text-xl font-black">{share.rating}</p>
      <p className="text-sm text-zinc-400">Norwood stage {share.norwoodStage}</p>
      {share.crownMeasured && <p className="text-xs text-zinc-400">Crown measured too</p>}
      {won && (
        <p className="rounded-full bg-accent-teal/15 px-3 py-1 text-xs font-bold uppercase text-accent-teal">Winner</p>
      )}
    </Card>
  );
}

function Cell({ side, value, points, winner }: { side: Side; value: string; points: number; winner: Winner }) {
  const won = winner === side;
  return (
    <td
      className={cn('rounded-lg border px-3 py-2 text-center', won ? WIN_CLASSES : 'border-white/10')}
      data-winner={won || undefined}
    >
      <span className="block font-semibold">{value}</span>
      <span className="text-xs">
        {points}/100{won && <span className="sr-only"> (wins)</span>}
      </span>
    </td>
  );
}

function MetricTable({ comparison, names }: { comparison: Comparison; names: Record<Side, string> }) {
  return (
    <table className="w-full table-fixed border-separate border-spacing-2 text-sm" data-testid="compare-table">
      <caption className="sr-only">Each metric side by side; the higher points win</caption>
      <thead>
        <tr className="text-zinc-400">
          <th scope="col" className="text-left font-semibold">
            Metric
          </th>
          <th scope="col">{names.a}</th>
          <th scope="col">{names.b}</th>
          <th scope="col" className="text-right">
            Winner
          </th>
        </tr>
      </thead>
      <tbody>
        {comparison.metrics.map((m) => (
          <tr key={m.key} data-testid={`compare-row-${m.key}`}>
            <th scope="row" className="text-left font-semibold">
              {m.title}
            </th>
            <Cell side="a" value={m.a.value} points={m.a.points} winner={m.winner} />
            <Cell side="b" value={m.b.value} points={m.b.points} winner={m.winner} />
            <td className="text-right text-xs font-bold">
              {m.winner === 'tie' ? COMPARE_PAGE_TEXTS.tie : names[m.winner]}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Message({ text }: { text: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center" data-testid="compare-message">
      <h1 className="text-2xl font-black">{text}</h1>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        {COMPARE_PAGE_TEXTS.rate}
      </Link>
    </div>
  );
}

/** /compare?a=<shareId>&b=<shareId>: two shared ratings side by side, winner per metric and overall. */
export default function ComparePage() {
  const [params] = useSearchParams();
  const ids = { a: params.get('a'), b: params.get('b') };
  const valid = isShareId(ids.a) && isShareId(ids.b);
  const a = useSharedRating(valid ? ids.a : null);
  const b = useSharedRating(valid ? ids.b : null);

  if (!valid) return <Message text={COMPARE_PAGE_TEXTS.invalid} />;
  if (a.isPending || b.isPending) return <CenteredSpinner label="Loading the comparison" />;
  if (a.isError || b.isError) return <Message text={COMPARE_PAGE_TEXTS.error} />;
  if (!a.data || !b.data) return <Message text={COMPARE_PAGE_TEXTS.missing} />;

  const comparison = compareRatings(a.data, b.data);
  const names = sideNames(a.data.displayName, b.data.displayName);
  const crown = compareCrowns(a.data, b.data);
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <h1 className="text-center text-3xl font-black">{COMPARE_PAGE_TEXTS.title}</h1>
      <p className="text-center text-xl font-bold text-accent-teal" data-testid="compare-overall" aria-live="polite">
        {overallText(comparison, names)}
      </p>
      <div className="grid grid-cols-2 gap-4">
        <Contender share={a.data} name={names.a} won={comparison.overall === 'a'} />
        <Contender share={b.data} name={names.b} won={comparison.overall === 'b'} />
      </div>
      <Card className="overflow-x-auto p-3 sm:p-6">
        <MetricTable comparison={comparison} names={names} />
      </Card>
      {crown && <CrownCompare crown={crown} shares={{ a: a.data, b: b.data }} names={names} />}
      <div className="flex justify-center">
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          {COMPARE_PAGE_TEXTS.rate}
        </Link>
      </div>
    </div>
  );
}
