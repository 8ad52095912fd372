import { Link } from 'react-router-dom';
import { useSharedRating } from './use-share.ts';
import { clearChallenge } from './challenge-storage.ts';
import { Button } from '#web/components/ui/Button.tsx';

/** "<name> scored N. Can you beat it?" on the home page while a challenge is pending. */
export default function ChallengeBanner({ shareId, onDismiss }: { shareId: string; onDismiss: () => void }) {
  const share = useSharedRating(shareId);
  if (!share.data) return null;
  const { displayName, score } = share.data;
  return (
    <div
      role="region"
      aria-label="Challenge"
      data-testid="challenge-banner"
      className="border-b border-accent-teal/30 bg-accent-teal/10"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
        <p>
          <span className="font-bold">
            {displayName} scored {score}.
          </span>{' '}
          Can you beat it?{' '}
          <Link to={`/r/${encodeURIComponent(shareId)}`} className="text-accent-teal underline">
            See their result
          </Link>
        </p>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            clearChallenge();
            onDismiss();
          }}
        >
          Dismiss challenge
        </Button>
      </div>
    </div>
  );
}
