import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SITE_NAME } from '#shared/site-pages.ts';
import { buttonClasses } from '#web/components/ui/Button.tsx';
import { CenteredSpinner } from '#web/components/ui/Spinner.tsx';
import { challengeLink } from './share-links.ts';
import { SharedRatingCard } from './SharedRatingCard.tsx';
import { useSharedRating } from './use-share.ts';

export const SHARE_PAGE_TEXTS = {
  gone: 'This share link was removed or never existed',
  goneHint: 'The owner may have stopped sharing it or deleted the analysis.',
  error: 'Could not load this share. Please try again later.',
  rate: 'Rate your hairline',
  compare: 'Compare with mine',
} as const;

/** /r/:shareId: a shared rating, public (the server answers this path with Open Graph tags, then the app renders it). */
export default function SharePage() {
  const { shareId = '' } = useParams();
  const share = useSharedRating(shareId);
  const data = share.data;
  useEffect(() => {
    if (data) document.title = `${data.displayName} scored ${data.score} – ${data.rating} | ${SITE_NAME}`;
  }, [data]);

  if (share.isPending && share.fetchStatus !== 'idle') return <CenteredSpinner label="Loading the shared result" />;
  if (share.isError) {
    return (
      <div className="mx-auto max-w-lg px-4 py-24 text-center" role="alert">
        <p className="text-zinc-300">{SHARE_PAGE_TEXTS.error}</p>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center" data-testid="share-gone">
        <h1 className="text-3xl font-black">{SHARE_PAGE_TEXTS.gone}</h1>
        <p className="mt-3 text-zinc-400">{SHARE_PAGE_TEXTS.goneHint}</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
          {SHARE_PAGE_TEXTS.rate}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-6 text-center text-3xl font-black">
        {data.displayName} scored {data.score}
      </h1>
      <SharedRatingCard share={data} />
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          {SHARE_PAGE_TEXTS.rate}
        </Link>
        <Link to={challengeLink('', data.shareId)} className={buttonClasses('secondary', 'lg')}>
          {SHARE_PAGE_TEXTS.compare}
        </Link>
      </div>
    </div>
  );
}
