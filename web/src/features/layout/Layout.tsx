import { Outlet } from 'react-router-dom';
import { Suspense } from 'react';
import { CenteredSpinner } from '#web/components/ui/Spinner.tsx';
import { usePublicPageTitle } from '#web/lib/public-page.ts';
import { CookieBanner } from '#web/features/cookies/index.ts';
import { Footer } from './Footer.tsx';
import { ChallengeSlot } from './ChallengeSlot.tsx';
import { Header } from './Header.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

export function Layout() {
  usePublicPageTitle();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-ink-800 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" className="flex-1">
        <ChallengeSlot />
        <Suspense fallback={<CenteredSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CookieBanner />
    </div>
  );
}
