import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** the two test files outside test/unit that need no local stack: each gets a project of its own */
const ENGINE = 'test/integration/analysis-engine.test.ts';
const STRIPE_EMULATOR = 'test/integration/stripe-emulator.test.ts';

/**
 * Projects by what they need (docs/testing.md):
 * - `unit` (node), `web` (happy-dom), `engine` (the analysis engine on the model files and photos) and `stripe` (the
 *   Stripe emulator it starts itself) need no stack: they run first, while the local stack starts in the background;
 * - `integration` (over HTTP and against DynamoDB Local) and `browser` (Chromium) share one local stack and one web
 *   build (test/support/global-setup.ts); their files run one at a time after the others, each waiting in
 *   test/support/stack-ready.ts until the stack is up.
 * Vitest runs groups (`sequence.groupOrder`) one after another, each with one worker: on 2 cores the other core goes to
 * the background web build and the stack's services (Java, the gateway, Chromium).
 */
/**
 * The test files under `dir` that mock a module (vi.mock, vi.doMock). `unit` and `web` run their files in one shared
 * worker (`isolate: false`, test/support/fresh-file.ts); a file that mocks a module needs a worker of its own, where
 * nothing has loaded the real module before it and its mock cannot reach the next file: these go to `unit-isolated` and
 * `web-isolated`, found by what they contain so that a new mocking test lands there by itself.
 */
function mockingFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`)
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')));
}
const WEB_MOCKING = mockingFiles('test/unit/web');
const UNIT_MOCKING = mockingFiles('test/unit').filter((file) => !file.startsWith('test/unit/web/'));

/** `unit` or `web`: its files in one shared worker, less those that mock a module, which get `<name>-isolated` */
const unitProjects = (
  name: string,
  include: string[],
  exclude: string[],
  mocking: string[],
  test: { environment: 'node' | 'happy-dom'; setupFiles?: string[] },
) => [
  {
    extends: true as const,
    test: {
      ...test,
      name,
      include,
      exclude: [...exclude, ...mocking],
      isolate: false,
      setupFiles: ['test/support/fresh-file.ts', ...(test.setupFiles ?? [])],
    },
  },
  // Vitest refuses a project that matches no file
  ...(mocking.length
    ? [{ extends: true as const, test: { ...test, name: `${name}-isolated`, include: mocking } }]
    : []),
];

const stackProject = (name: string, include: string[], exclude: string[] = []) => ({
  extends: true as const,
  test: {
    name,
    include,
    exclude,
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/stack-ready.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // one stack and one machine of 2 cores: the files of both projects run one after another
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { groupOrder: 2 },
  },
});

export default defineConfig({
  test: {
    // handlers log one line per request (Powertools): the tests' own output stays readable with warnings and errors only;
    // their metrics (EMF lines, lambdas/metrics.ts) are for CloudWatch and not written at all
    env: { POWERTOOLS_LOG_LEVEL: 'WARN', POWERTOOLS_METRICS_DISABLED: 'true' },
    // one line at the end per kind of missing test data (photos, model files): how many tests skipped for it
    reporters: ['default', './test/support/data-skip-reporter.ts'],
    // CPU-bound tests (CDK synth, fonts, image decoding) take many times longer when the machine is loaded (CI saw load
    // 20 on 2 cores): a limit that only catches a hang, not a slow machine
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits on a condition; its default of 1 s is overrun by a loaded machine
    expect: { poll: { timeout: 30_000 } },
    maxWorkers: 1,
    // group 1, then group 2 (the stack projects); not group 0, where Vitest moves one-worker projects to the very end
    sequence: { groupOrder: 1 },
    projects: [
      ...unitProjects('unit', ['test/unit/**/*.test.ts'], ['test/unit/web/**'], UNIT_MOCKING, { environment: 'node' }),
      ...unitProjects('web', ['test/unit/web/**/*.test.{ts,tsx}'], [], WEB_MOCKING, {
        environment: 'happy-dom',
        setupFiles: ['test/unit/web/fresh-document.ts', 'test/support/web-setup.ts'],
      }),
      { extends: true, test: { name: 'engine', include: [ENGINE], testTimeout: 120_000 } },
      { extends: true, test: { name: 'stripe', include: [STRIPE_EMULATOR] } },
      stackProject('integration', ['test/integration/**/*.test.ts'], [ENGINE, STRIPE_EMULATOR]),
      stackProject('browser', ['test/browser/**/*.test.ts']),
    ],
  },
});
