import { ResultsSection } from '#web/features/results/index.ts';
import { ResultActions } from '#web/features/share/index.ts';

/** The home page's result with the owner's actions: lazy-loaded (with recharts), only for a visitor with a rating id. */
export default function LandingResults({ ratingId }: { ratingId: string }) {
  return <ResultsSection ratingId={ratingId} premium renderActions={(id) => <ResultActions ratingId={id} />} />;
}
