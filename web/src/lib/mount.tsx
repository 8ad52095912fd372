/**
 * The app's start, loaded by src/main.tsx after the static shell is on screen (see ./boot.ts).
 * Static imports here (not dynamic ones in main.tsx) keep react-router tree-shaken.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { App } from '../App.tsx';
import { appRoutes } from '../routes.tsx';
import { preloadLazyElements, yieldToMain } from './boot.ts';

export async function mount(container: HTMLElement): Promise<void> {
  // load the current route's lazy chunk first, so the first render does not fall back to a spinner
  await preloadLazyElements((matchRoutes(appRoutes, window.location) ?? []).map((m) => m.route.element));
  await yieldToMain();
  const root = createRoot(container);
  // a transition renders in small slices instead of one long task (Total Blocking Time)
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
