import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { PublicPageId } from '#shared/site-pages.ts';
import type { PageHandle } from './lib/public-page.ts';
import { Layout } from './features/layout/Layout.tsx';
import LandingPage from './features/landing/LandingPage.tsx';

// Everything but the landing page is fetched on demand, to keep the first paint small.
const PricingPage = lazy(() => import('./features/pricing/PricingPage.tsx'));
const CheckoutPage = lazy(() => import('./features/checkout/CheckoutPage.tsx'));
const CheckoutRedirect = lazy(() => import('./features/checkout/CheckoutRedirect.tsx'));
const CheckoutSuccessPage = lazy(() => import('./features/checkout/CheckoutSuccessPage.tsx'));
const AuthPage = lazy(() => import('./features/auth/AuthPage.tsx'));
const PrivacyPage = lazy(() => import('./features/legal/PrivacyPage.tsx'));
const TermsPage = lazy(() => import('./features/legal/TermsPage.tsx'));
const NotFoundPage = lazy(() => import('./features/legal/NotFoundPage.tsx'));
const AccuracyPage = lazy(() => import('./features/accuracy/AccuracyRoute.tsx'));
const HistoryPage = lazy(() => import('./features/history/HistoryPage.tsx'));
const HistoryDetailPage = lazy(() => import('./features/history/HistoryDetailPage.tsx'));
const SharePage = lazy(() => import('./features/share/SharePage.tsx'));
const ComparePage = lazy(() => import('./features/compare/ComparePage.tsx'));
const UnsubscribePage = lazy(() => import('./features/reminders/UnsubscribePage.tsx'));

const page = (id: PublicPageId): PageHandle => ({ page: id });

export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <LandingPage />, handle: page('home') },
      { path: 'pricing', element: <PricingPage />, handle: page('pricing') },
      { path: 'checkout', element: <CheckoutRedirect /> },
      { path: 'checkout/:packageId', element: <CheckoutPage /> },
      { path: 'checkout-success', element: <CheckoutSuccessPage /> },
      { path: 'auth', element: <AuthPage />, handle: page('auth') },
      { path: 'privacy', element: <PrivacyPage />, handle: page('privacy') },
      { path: 'terms', element: <TermsPage />, handle: page('terms') },
      { path: 'accuracy', element: <AccuracyPage />, handle: page('accuracy') },
      // history pages guard themselves with RequireAuth; share and compare pages are public
      { path: 'history', element: <HistoryPage /> },
      { path: 'history/:id', element: <HistoryDetailPage /> },
      { path: 'r/:shareId', element: <SharePage /> },
      { path: 'compare', element: <ComparePage /> },
      // the reminder e-mails' one-click unsubscribe: no sign-in, the signed token is the authority
      { path: 'unsubscribe', element: <UnsubscribePage /> },
      { path: '*', element: <NotFoundPage />, handle: page('notFound') },
    ],
  },
];
