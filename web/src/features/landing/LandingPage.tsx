import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { AnalysisResult } from '#shared/schemas.ts';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { UploadPanel } from '#web/features/analyze/index.ts';
import { readLastRatingId } from '#web/features/results/index.ts';
import { ClosingCta } from './ClosingCta.tsx';
import { Examples } from './Examples.tsx';
import { ExampleResult } from './ExampleResult.tsx';
import { Hero } from './Hero.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { scrollToUpload } from './scroll.ts';

const LandingResults = lazy(() => import('./LandingResults.tsx'));

export default function LandingPage() {
  // read after hydration: the prerendered page shows no result
  const [ratingId, setRatingId] = useState<string | null>(null);
  useEffect(() => setRatingId(readLastRatingId()), []);
  const onResult = useCallback((result: AnalysisResult) => setRatingId(result.id), []);
  const { hash } = useLocation();
  // '/#analyze' (after sign-in or payment with a kept photo) lands on the upload panel
  useEffect(() => {
    if (hash === '#analyze') scrollToUpload();
  }, [hash]);
  return (
    <>
      <Hero />
      <HowItWorks />
      <ExampleResult />
      <section
        id="analyze"
        tabIndex={-1}
        aria-labelledby="analyze-heading"
        className="scroll-mt-20 px-4 py-10 outline-none"
      >
        <UploadPanel onResult={onResult} />
      </section>
      {ratingId && (
        <div className="mx-auto max-w-6xl px-4 py-10">
          <Suspense
            fallback={
              <div className="flex justify-center py-10">
                <Spinner label="Loading your results" />
              </div>
            }
          >
            <LandingResults key={ratingId} ratingId={ratingId} />
          </Suspense>
        </div>
      )}
      <Examples />
      <ClosingCta />
    </>
  );
}
