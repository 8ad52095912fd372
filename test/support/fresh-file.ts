/**
 * First setup file of the projects that run their files in one shared worker (`isolate: false` in vitest.config.ts:
 * `unit`, `web`, `integration` and `browser`). A worker started per file spent most of those projects' time importing
 * the same packages again; here Node keeps the packages (node_modules) loaded from one file to the next, while each file
 * still starts as if alone:
 * - the project's own modules are evaluated afresh for it (module state such as a store, a cache or a lazily loaded
 *   component does not carry over);
 * - what a file stubbed (globals, environment variables, fake timers) is undone when it ends; spies are restored by
 *   Vitest itself after every file;
 * - in happy-dom, the document is emptied too (test/unit/web/support/fresh-document.ts).
 * A file that mocks a module (vi.mock, vi.doMock) cannot share a worker: its mock would stay in force for the files
 * after it, and a package a previous file loaded would keep the real module. vitest.config.ts gives such files a worker
 * of their own.
 */
import { afterAll, vi } from 'vitest';

vi.resetModules();

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
