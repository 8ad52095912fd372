import type { SharedRating } from '#shared/schemas.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { crownNote, type CrownComparison, type CrownRow } from './compare-crown.ts';
import type { Side } from './compare.ts';

export const CROWN_COMPARE_TEXTS = {
  heading: 'Crown photos',
  intro:
    'Each crown photo on its own: a lower Norwood stage and more hair cover are the better crown. The scores above already use them.',
  noCrown: 'No crown photo',
  notMeasured: 'Not measured',
} as const;

const WIN_CLASSES = 'border-accent-teal/60 bg-accent-teal/10 text-accent-teal';

function CrownCell({ row, side, measured }: { row: CrownRow; side: Side; measured: boolean }) {
  const won = row.winner === side;
  const value = row[side];
  return (
    <td
      className={cn('rounded-lg border px-3 py-2 text-center', won ? WIN_CLASSES : 'border-white/10')}
      data-winner={won || undefined}
    >
      {value ?? (
        <span className="text-xs text-zinc-400">
          {measured ? CROWN_COMPARE_TEXTS.notMeasured : CROWN_COMPARE_TEXTS.noCrown}
        </span>
      )}
      {won && <span className="sr-only"> (wins)</span>}
    </td>
  );
}

/** Only a photo the owner chose to share: the share carries crownImageBase64 only with includePhoto. */
function CrownPhoto({ share, name }: { share: SharedRating; name: string }) {
  if (!share.crownImageBase64) return <div />;
  return (
    <img
      src={`data:image/jpeg;base64,${share.crownOverlayBase64 ?? share.crownImageBase64}`}
      alt={`The top of ${name}'s head, with the measured zones`}
      data-testid="compare-crown-photo"
      className="mx-auto max-h-48 w-auto rounded-xl border border-white/10 object-contain"
    />
  );
}

/** The crowns side by side, when either rating had a crown photo; says plainly which side had none. */
export function CrownCompare({
  crown,
  shares,
  names,
}: {
  crown: CrownComparison;
  shares: Record<Side, SharedRating>;
  names: Record<Side, string>;
}) {
  const note = crownNote(crown, names);
  const photos = !!(shares.a.crownImageBase64 || shares.b.crownImageBase64);
  return (
    <Card className="overflow-x-auto p-3 sm:p-6" data-testid="compare-crown">
      <h2 className="text-lg font-bold">{CROWN_COMPARE_TEXTS.heading}</h2>
      <p className="mt-1 text-sm text-zinc-400">{CROWN_COMPARE_TEXTS.intro}</p>
      {photos && (
        <div className="mt-4 grid grid-cols-2 gap-4">
          <CrownPhoto share={shares.a} name={names.a} />
          <CrownPhoto share={shares.b} name={names.b} />
        </div>
      )}
      <table className="mt-2 w-full table-fixed border-separate border-spacing-2 text-sm">
        <caption className="sr-only">The crown photos&apos; figures side by side</caption>
        <thead>
          <tr className="text-zinc-400">
            <th scope="col" className="text-left font-semibold">
              Crown
            </th>
            <th scope="col">{names.a}</th>
            <th scope="col">{names.b}</th>
          </tr>
        </thead>
        <tbody>
          {crown.rows.map((row) => (
            <tr key={row.key} data-testid={`compare-crown-row-${row.key}`}>
              <th scope="row" className="text-left font-semibold">
                {row.title}
              </th>
              <CrownCell row={row} side="a" measured={crown.measured.a} />
              <CrownCell row={row} side="b" measured={crown.measured.b} />
            </tr>
          ))}
        </tbody>
      </table>
      {note && (
        <p className="mt-2 text-sm text-zinc-300" data-testid="compare-crown-note">
          {note}
        </p>
      )}
    </Card>
  );
}
