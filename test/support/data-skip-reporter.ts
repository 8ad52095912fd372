/**
 * The one line at the end of a run for each kind of test data that was missing: tests that need the dev photos or a
 * model file skip themselves with a note (test/support/test-data.ts); this counts them over every project and worker.
 */
import type { Reporter, TestModule } from 'vitest/node';
import { SKIP_NOTES } from './skip-notes.ts';

export default class DataSkipReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = new Map<string, number>();
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) {
        const result = test.result();
        if (result.state === 'skipped' && result.note) counts.set(result.note, (counts.get(result.note) ?? 0) + 1);
      }
    }
    for (const { note, what } of Object.values(SKIP_NOTES)) {
      const n = counts.get(note);
      if (n) console.log(`${note}: ${n} ${what} tests skipped`);
    }
  }
}
