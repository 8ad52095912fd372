/**
 * First paint before the app's JS has run (issue #7).
 *
 * index.html carries a static copy of the header and, in <template id="shell:<path>">, of the top of the
 * first pages (landing hero, pricing and auth headings). The tiny entry module shows the template for the
 * current path while the React chunks are still downloading; React replaces the whole #root on its first
 * commit. The templates are kept in sync with the components by test/unit/web/boot.test.tsx.
 *
 * This module must stay small and free of React: it runs in the entry chunk, before any framework code.
 */

/** The paths that have a pre-rendered shell in index.html. */
export const SHELL_PATHS = ['/', '/pricing', '/auth'] as const;

export function shellTemplateId(path: string): string {
  return `shell:${path}`;
}

/** '/pricing/' and '/pricing' are the same page; query and hash do not matter. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Puts the current page's shell into the static layout's <main>. Returns whether a shell was shown.
 * Does nothing when React has already rendered (no [data-shell-main]) or the path has no template.
 */
export function showShell(doc: Document = document, pathname: string = doc.location?.pathname ?? '/'): boolean {
  const main = doc.querySelector<HTMLElement>('[data-shell-main]');
  if (!main || main.childElementCount > 0) return false;
  const template = doc.getElementById(shellTemplateId(normalizePath(pathname)));
  if (!(template instanceof doc.defaultView!.HTMLTemplateElement)) return false;
  main.append(template.content.cloneNode(true));
  return true;
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
      if (thrown && typeof (thrown as PromiseLike<unknown>).then === 'function') pending.push(Promise.resolve(thrown as PromiseLike<unknown>));
    }
  }
  await Promise.allSettled(pending);
}
