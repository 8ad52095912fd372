import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '#web/components/ui/Button.tsx';
import { CenteredSpinner } from '#web/components/ui/Spinner.tsx';
import { ProgressTrackingSetting } from '#web/features/account/index.ts';
import { RequireAuth } from '#web/features/auth/index.ts';
import { ExportButton } from './ExportButton.tsx';
import { HistoryChartCard } from './HistoryChartCard.tsx';
import { HistoryList } from './HistoryList.tsx';
import { useHistory } from './use-history.ts';

export const HISTORY_TEXTS = {
  title: 'Your history',
  empty: 'No analyses yet. Rate your hairline to start your history.',
  error: 'Could not load your history. Please try again.',
  more: 'Load more',
} as const;

function History() {
  const history = useHistory();
  if (history.isPending) return <CenteredSpinner label="Loading your history" />;
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-black">{HISTORY_TEXTS.title}</h1>
        <ExportButton />
      </div>
      <ProgressTrackingSetting />
      {history.isError && (
        <p role="alert" className="text-red-300">
          {HISTORY_TEXTS.error}
        </p>
      )}
      {history.isSuccess && history.items.length === 0 && (
        <div className="grid justify-items-center gap-4 py-10 text-center">
          <p className="text-zinc-400">{HISTORY_TEXTS.empty}</p>
          <Link to="/#analyze" className={buttonClasses('primary')}>
            Test my hairline
          </Link>
        </div>
      )}
      {history.items.length > 0 && (
        <>
          <HistoryChartCard items={history.items} />
          <HistoryList items={history.items} />
        </>
      )}
      {history.hasNextPage && (
        <Button
          variant="secondary"
          className="justify-self-center"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          {history.isFetchingNextPage ? 'Loading…' : HISTORY_TEXTS.more}
        </Button>
      )}
    </div>
  );
}

/** /history (signed in): every past analysis, the progress chart, delete and export. */
export default function HistoryPage() {
  return (
    <RequireAuth>
      <History />
    </RequireAuth>
  );
}
