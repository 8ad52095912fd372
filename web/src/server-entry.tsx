/**
 * Build only (web/prerender.ts): renders a public page with React's server renderer, from the same routes and
 * components the browser hydrates. `prerender` waits for every lazy component, so the HTML is the whole page.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from './App.tsx';
import { CenteredSpinner } from './components/ui/Spinner.tsx';
import { Layout } from './features/layout/Layout.tsx';
import { appRoutes } from './routes.tsx';

/** index.html, the page for the app's browser-only routes: the layout with a spinner until the route renders. */
const shellRoutes: RouteObject[] = [{ element: <Layout />, children: [{ path: '*', element: <CenteredSpinner /> }] }];

async function render(routes: RouteObject[], path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return html(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}

async function html(node: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  // the web-streams prerender (Node has them too): this file is type-checked with the web app, without Node's types
  const { prelude } = await prerender(node, {
    // a component that throws would otherwise be left for the browser to render: fail the build instead
    onError: (error) => void errors.push(error),
    // never split a long page into a fallback plus an inline script that reveals the rest (the CSP allows no inline script)
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const markup = await new Response(prelude).text();
  if (errors.length) throw new AggregateError(errors, `prerender failed: ${String(errors[0])}`);
  return markup;
}

export function renderPage(path: string): Promise<string> {
  return render(appRoutes, path);
}

export function renderShell(): Promise<string> {
  return render(shellRoutes, '/');
}
