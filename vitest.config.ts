import { defineConfig } from 'vitest/config';

/**
 * Four projects: pure unit tests (node), web component tests (happy-dom), integration tests and browser tests.
 * The last two share one local stack (DynamoDB Local, cognito-local, Stripe emulator, gateway, web server)
 * started once per run by test/support/global-setup.ts.
 */
export default defineConfig({
  test: {
    // handlers log one line per request (Powertools): the tests' own output stays readable with warnings and errors only;
    // their metrics (EMF lines, lambdas/metrics.ts) are for CloudWatch and not written at all
    env: { POWERTOOLS_LOG_LEVEL: 'WARN', POWERTOOLS_METRICS_DISABLED: 'true' },
    // one line at the end per kind of missing test data (photos, model files): how many tests skipped for it
    reporters: ['default', './test/support/data-skip-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: ['test/unit/web/**'], environment: 'node' },
      },
      { extends: true, test: { name: 'web', include: ['test/unit/web/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/browser/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // one stack and one Chromium are shared; files run one after another to stay within 2 cores
          fileParallelism: false,
        },
      },
    ],
  },
});
