/**
 * First setup file of the projects that run their files in one shared worker (`isolate: false` in vitest.config.ts:
 * `unit` and `web`). A worker started per file spent most of those projects' time importing the same packages again;
 * here Node keeps the packages (node_modules) loaded from one file to the next, while each file still starts as if alone:
 * - the project's own modules are evaluated afresh for it (module state such as a store, a cache or a lazily loaded
 *   component does not carry over);
 * - what a file stubbed (globals, environment variables, fake timers) is undone when it ends; spies are restored by
 *   Vitest itself after every file;
 * - in happy-dom, whatever a file rendered is unmounted when it ends, and the next starts on an empty document at the
 *   first URL, with empty storage and no cookies.
 * A file that mocks a module (vi.mock, vi.doMock) cannot share a worker: a module a previous file loaded from the
 * packages would keep the real one. vitest.config.ts gives such files a worker of their own.
 */
import { afterAll, vi } from 'vitest';

vi.resetModules();

const dom = typeof document !== 'undefined';
// the URL happy-dom started the worker's document at, as the first file found it
const FIRST_URL = Symbol.for('hairline-rater.first-url');
const kept = globalThis as unknown as Record<typeof FIRST_URL, string | undefined>;
const firstUrl = dom ? (kept[FIRST_URL] ??= location.href) : '';

if (dom) {
  const { cleanup } = await import('@testing-library/react');
  afterAll(() => cleanup());
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if (location.href !== firstUrl) history.replaceState(null, '', firstUrl);
}

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
