import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { captureChallenge, ChallengeBanner } from '#web/features/share/index.ts';

/** Keeps a /?challenge=<id> in sessionStorage and shows its banner on the home page. */
export function ChallengeSlot() {
  const { pathname, search } = useLocation();
  // read after hydration: the prerendered page has no banner
  const [shareId, setShareId] = useState<string | null>(null);
  useEffect(() => {
    setShareId(captureChallenge(search));
  }, [search]);
  if (!shareId || pathname !== '/') return null;
  return (
    <Suspense fallback={null}>
      <ChallengeBanner shareId={shareId} onDismiss={() => setShareId(null)} />
    </Suspense>
  );
}
