import { formatDate } from '#web/lib/dates.ts';
import { Link } from 'react-router-dom';
import { isYours } from '#shared/face-identity.ts';
import type { CrownPart, RatingIdentity } from '#shared/schemas.ts';
import { scoreBand } from '#shared/scoring.ts';
import { cn } from '#web/components/ui/cn.ts';
import { scoreToneClasses } from '#web/features/results/index.ts';
import { DeleteRatingDialog } from './DeleteRatingDialog.tsx';
import type { RatingSummary } from './history-api.ts';
import { ComparabilityMark } from './ComparabilityMark.tsx';
import { comparabilityWithLatest, type Comparability } from './comparability.ts';
import { crownPhotoId, historyPhotos } from './history-photos.ts';

/** the list's date: the app's one date format, with the time (two analyses a day are told apart) */
export const formatHistoryDate = (iso: string) => formatDate(iso, { time: true });

/**
 * A two-photo analysis's second line: its crown photo on its own, the score and Norwood stage it has alone (those of the
 * chart's crown line; an analysis stored before the crown's score was kept shows the stage only), and its mark against
 * the latest crown photo.
 */
function CrownLine({ crown, comparability }: { crown: CrownPart; comparability: Comparability | undefined }) {
  return (
    <p className="text-sm text-zinc-400" data-testid="history-crown">
      {HISTORY_CROWN_TEXTS.alone}: {typeof crown.score === 'number' && `${crown.score} · `}Norwood {crown.norwoodStage}
      {comparability && <ComparabilityMark comparability={comparability} />}
    </p>
  );
}

export const HISTORY_CROWN_TEXTS = {
  /** after the face photo's line of a two-photo analysis */
  withCrown: ' · face and crown photos',
  alone: 'Crown photo on its own',
} as const;

function HistoryItem({
  item,
  comparability,
  crownComparability,
}: {
  item: RatingSummary;
  comparability?: Comparability;
  crownComparability?: Comparability;
}) {
  const date = formatHistoryDate(item.createdAt);
  const yours = isYours(item);
  const crownScore = item.crown?.score;
  return (
    <li
      className="flex items-center gap-4 rounded-2xl border border-white/10 bg-ink-900/80 p-3"
      data-testid="history-item"
    >
      <img
        src={`data:image/jpeg;base64,${item.imageBase64}`}
        alt=""
        width={64}
        height={64}
        className="size-16 shrink-0 rounded-xl border border-white/10 object-cover"
      />
      <div className="min-w-0 flex-1">
        <Link
          to={`/history/${encodeURIComponent(item.id)}`}
          className="font-bold hover:text-accent-teal focus-visible:text-accent-teal"
        >
          {item.rating}
          <span className="sr-only">
            , score {item.score}
            {typeof crownScore === 'number' && `, crown photo on its own ${crownScore}`}, {date}
          </span>
        </Link>
        <p className="text-sm text-zinc-400">
          <time dateTime={item.createdAt}>{date}</time> · Norwood {item.norwoodStage}
          {item.crown && HISTORY_CROWN_TEXTS.withCrown}
          {yours ? (
            comparability && <ComparabilityMark comparability={comparability} />
          ) : (
            <span data-testid="history-identity"> · {IDENTITY_MARKS[item.identity ?? 'you']}</span>
          )}
        </p>
        {item.crown && <CrownLine crown={item.crown} comparability={yours ? crownComparability : undefined} />}
      </div>
      <span
        aria-hidden="true"
        data-tone={scoreBand(item.score).tone}
        className={cn(
          'flex size-12 shrink-0 items-center justify-center rounded-full bg-gradient-to-br text-lg font-black',
          scoreToneClasses(item.score),
        )}
      >
        {item.score}
      </span>
      <DeleteRatingDialog ratingId={item.id} label={`Delete the analysis of ${date}`} />
    </li>
  );
}

/** beside an analysis that is not in the user's progress (the result page asks "Is this you?") */
export const IDENTITY_MARKS: Record<RatingIdentity, string> = {
  you: '',
  'someone-else': 'someone else: not in your progress',
  unconfirmed: 'not in your progress until you say it is you',
};

export function HistoryList({ items }: { items: readonly RatingSummary[] }) {
  // the marks compare the user's own photos only, a two-photo analysis's crown photo with the crown photos (the chart's)
  const comparability = comparabilityWithLatest(historyPhotos(items.filter(isYours)));
  return (
    <ul className="grid gap-3" aria-label="Your analyses" data-testid="history-list">
      {items.map((item) => (
        <HistoryItem
          key={item.id}
          item={item}
          comparability={comparability.get(item.id)}
          crownComparability={comparability.get(crownPhotoId(item.id))}
        />
      ))}
    </ul>
  );
}
