import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useAuth } from '#web/features/auth/index.ts';
import { RetakeReminder } from '#web/features/reminders/index.ts';
import { ResultView } from './ResultView.tsx';
import { useRatingResult } from './use-rating-result.ts';

export const NO_RESULTS_TEXT = 'No results available. Please upload a photo first.';

/** Lazy-loaded with recharts: only users with a rating id download the chart. `renderActions`: the owner's buttons. */
export function ResultsSection({
  ratingId,
  premium = true,
  renderActions,
}: {
  ratingId: string;
  premium?: boolean;
  renderActions?: (ratingId: string) => ReactNode;
}) {
  const state = useRatingResult(ratingId);
  const { status, profile, profileLoading } = useAuth();
  const navigate = useNavigate();

  // Only a user with nothing to look at is sent to buy credits; a result just paid for stays on screen.
  const outOfCredits = status === 'signed-in' && !profileLoading && !!profile && profile.credits <= 0;
  useEffect(() => {
    if (outOfCredits && state.phase === 'unavailable') void navigate('/pricing');
  }, [outOfCredits, state.phase, navigate]);

  return (
    <section id="results" aria-labelledby="results-heading" className="scroll-mt-20">
      <h2 id="results-heading" className="mb-6 text-center text-3xl font-black">
        Your results
      </h2>
      {state.phase === 'ready' && (
        <ResultView
          result={state.result}
          premium={premium}
          actions={status === 'signed-in' ? renderActions?.(state.result.id) : undefined}
        />
      )}
      {state.phase === 'ready' && status === 'signed-in' && <RetakeReminder />}
      {state.phase === 'loading' && (
        <div className="flex justify-center py-10">
          <Spinner label="Loading your results" />
        </div>
      )}
      {state.phase === 'unavailable' && <p className="text-center text-zinc-400">{NO_RESULTS_TEXT}</p>}
    </section>
  );
}
