/**
 * Setup file of the `web` project. Testing Library's findBy… and waitFor give up after 1 s by default, which a loaded
 * CI machine (load 20 on 2 cores) overruns while React renders; they wait on a condition, so a long limit costs nothing
 * when the condition comes and only delays the report of a real failure.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 20_000 });

/**
 * The visitor's language, which every date follows (web/src/lib/dates.ts): British English in these tests ("12 Oct"),
 * so their expectations are the same on any machine. test/unit/web/src/lib/dates.test.ts checks another language.
 */
Object.defineProperty((globalThis as unknown as { navigator: object }).navigator, 'language', {
  value: 'en-GB',
  configurable: true,
});
