/**
 * Start-up helpers of the app's entry (src/main.tsx, lib/mount.tsx). This module must stay small and free of React:
 * it runs in the entry chunk, before any framework code.
 */

/**
 * Resolves once the page's first contentful paint is on screen (at once in a hidden tab, which paints nothing; after
 * a frame where paint timing is unsupported; after 2 s at the latest).
 */
export function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    setTimeout(done, 2000);
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      // a frame callback runs just before the paint; a task queued from it runs after
      requestAnimationFrame(() => setTimeout(done, 0));
      return;
    }
    // the entry is reported once the frame is presented, not merely produced
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** Gives the browser a chance to paint and handle input between two long pieces of start-up work. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

interface LazyLike {
  $$typeof: symbol;
  _payload: unknown;
  _init: (payload: unknown) => unknown;
}

function isLazy(type: unknown): type is LazyLike {
  return (
    typeof type === 'object' &&
    type !== null &&
    (type as LazyLike).$$typeof === Symbol.for('react.lazy') &&
    typeof (type as LazyLike)._init === 'function'
  );
}

/**
 * Starts loading the React.lazy() components of the matched routes and resolves once they are loaded, so the
 * first render does not suspend (no spinner between the shell and the page, no footer jump). `elements` are the
 * route elements matched for the current URL. Never rejects: a failed chunk is left to the route's own
 * Suspense/error handling.
 */
export async function preloadLazyElements(elements: readonly unknown[]): Promise<void> {
  const pending: Promise<unknown>[] = [];
  for (const element of elements) {
    const type = (element as { type?: unknown } | null)?.type;
    if (!isLazy(type)) continue;
    try {
      type._init(type._payload);
    } catch (thrown) {
      // a lazy component that is still loading throws its promise
      if (thrown && typeof (thrown as PromiseLike<unknown>).then === 'function')
        pending.push(Promise.resolve(thrown as PromiseLike<unknown>));
    }
  }
  await Promise.allSettled(pending);
}
