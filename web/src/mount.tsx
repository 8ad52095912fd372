/**
 * The app's start, loaded by src/main.tsx. A prerendered public page (web/prerender.ts marks its root with
 * data-page) is hydrated, so the painted DOM stays; any other page is rendered into the layout shell of index.html.
 * Static imports here (not dynamic ones in main.tsx) keep react-router tree-shaken.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { App } from './App.tsx';
import { appRoutes } from './routes.tsx';
import { preloadLazyElements, yieldToMain } from './lib/boot.ts';
import { publicPageOf } from './lib/public-page.ts';

export async function mount(container: HTMLElement): Promise<void> {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  // load the current route's lazy chunk first, so the first render neither suspends nor falls back to a spinner
  await preloadLazyElements(matches.map((m) => m.route.element));
  await yieldToMain();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // the file served must be this route's page (a /pricing.html typed by hand is not): else render afresh
  const prerendered = container.dataset.page;
  const hydrate = !!prerendered && prerendered === publicPageOf(matches.at(-1)?.route);
  // in a transition, hydrating or rendering runs in small slices instead of one long task (Total Blocking Time)
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
