import { formatDate } from '#web/lib/dates.ts';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { buttonClasses } from '#web/components/ui/Button.tsx';
import { CenteredSpinner } from '#web/components/ui/Spinner.tsx';
import { RequireAuth } from '#web/features/auth/index.ts';
import { ResultView } from '#web/features/results/index.ts';
import { ResultActions } from '#web/features/share/index.ts';
import { DeleteRatingDialog } from './DeleteRatingDialog.tsx';
import { isNotFoundError } from './not-found.ts';
import { useRating } from './use-history.ts';

function HistoryDetail({ id }: { id: string }) {
  const rating = useRating(id);
  const navigate = useNavigate();
  const back = (
    <Link to="/history" className={buttonClasses('ghost', 'sm')}>
      ← All analyses
    </Link>
  );
  if (rating.isPending) return <CenteredSpinner label="Loading the analysis" />;
  if (rating.isError) {
    return (
      <div className="mx-auto grid max-w-lg justify-items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-2xl font-black">
          {isNotFoundError(rating.error) ? 'Analysis not found' : 'Could not load this analysis'}
        </h1>
        {back}
      </div>
    );
  }
  const result = rating.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        {back}
        <h1 className="text-2xl font-black">
          Analysis of <time dateTime={result.createdAt}>{formatDate(result.createdAt)}</time>
        </h1>
        <DeleteRatingDialog ratingId={result.id} onDeleted={() => void navigate('/history', { replace: true })} />
      </div>
      <ResultView result={result} actions={<ResultActions ratingId={result.id} />} />
    </div>
  );
}

/** /history/:id: one past analysis with its full result, progress, share and delete. */
export default function HistoryDetailPage() {
  const { id = '' } = useParams();
  return (
    <RequireAuth>
      <HistoryDetail key={id} id={id} />
    </RequireAuth>
  );
}
