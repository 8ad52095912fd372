import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The unit tests mirror the source (docs/testing.md): the web app's (web/src/) are under this folder and run in
 * happy-dom; every other unit test, the build's web/prerender.ts among them, runs in Node.
 */
const WEB_APP_TESTS = 'test/unit/web/src/';

/** the test files outside test/unit that need no local stack: the engine's on the dev photos, and the Stripe emulator's */
const ENGINE = [
  'test/integration/analysis-engine.test.ts',
  'test/integration/skin-guard-photos.test.ts',
  'test/integration/grey-hair-photos.test.ts',
];
const STRIPE_EMULATOR = 'test/integration/stripe-emulator.test.ts';
const NO_STACK = [...ENGINE, STRIPE_EMULATOR];

/**
 * Projects by what they need (docs/testing.md):
 * - `unit` (node), `web` (happy-dom), `engine` (the analysis engine on the model files and photos) and `stripe` (the
 *   Stripe emulator it starts itself) need no stack: they run first, while the local stack starts in the background;
 * - `integration` (over HTTP and against DynamoDB Local) and `browser` (Chromium) share one local stack and one web
 *   build (test/support/global-setup.ts); their files run one at a time after the others, each waiting in
 *   test/support/stack-ready.ts until the stack is up.
 * Vitest runs groups (`sequence.groupOrder`) one after another, each with one worker: on 2 cores the other core goes to
 * the background web build and the stack's services (Java, the gateway, Chromium), and to the type check and the lint
 * that `npm test` runs beside vitest at a lower priority (scripts/verify/test.ts). `npm test` itself runs two of these
 * at once, each with its own stack: `browser` (the longest chain, mostly waiting) and every other project.
 */

/** every test file that mocks a module (vi.mock, vi.doMock), found by what it contains */
const MOCKING = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `test/${file}`)
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')));

interface ProjectTest {
  name: string;
  include: string[];
  exclude?: string[];
  setupFiles?: string[];
  [option: string]: unknown;
}

/**
 * A project whose files share one worker (`isolate: false`): a worker started for each file spent most of these
 * projects' time loading the same packages again. test/support/fresh-file.ts gives each file fresh copies of the
 * project's own modules and undoes its stubs. A file that mocks a module cannot share a worker (its mock would stay in
 * force for the files after it, and a package a previous file loaded would keep the real module): the files of
 * `under` that do go to a project `<name>-isolated` with the same options and a worker of their own for each file.
 */
function sharedWorker(test: ProjectTest, under: (file: string) => boolean) {
  const mocking = MOCKING.filter(under);
  return [
    {
      extends: true as const,
      test: {
        ...test,
        exclude: [...(test.exclude ?? []), ...mocking],
        isolate: false,
        setupFiles: ['test/support/fresh-file.ts', ...(test.setupFiles ?? [])],
      },
    },
    // Vitest refuses a project that matches no file
    ...(mocking.length
      ? [{ extends: true as const, test: { ...test, name: `${test.name}-isolated`, include: mocking, exclude: [] } }]
      : []),
  ];
}

const stackProject = (name: string, include: string[], exclude: string[], under: (file: string) => boolean) =>
  sharedWorker(
    {
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
    under,
  );

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
      ...sharedWorker(
        { name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: [`${WEB_APP_TESTS}**`], environment: 'node' },
        (file) => file.startsWith('test/unit/') && !file.startsWith(WEB_APP_TESTS),
      ),
      ...sharedWorker(
        {
          name: 'web',
          include: [`${WEB_APP_TESTS}**/*.test.{ts,tsx}`],
          environment: 'happy-dom',
          setupFiles: ['test/unit/web/support/fresh-document.ts', 'test/support/web-setup.ts'],
        },
        (file) => file.startsWith(WEB_APP_TESTS),
      ),
      { extends: true, test: { name: 'engine', include: ENGINE, testTimeout: 120_000 } },
      { extends: true, test: { name: 'stripe', include: [STRIPE_EMULATOR] } },
      ...stackProject(
        'integration',
        ['test/integration/**/*.test.ts'],
        NO_STACK,
        (file) => file.startsWith('test/integration/') && !NO_STACK.includes(file),
      ),
      ...stackProject('browser', ['test/browser/**/*.test.ts'], [], (file) => file.startsWith('test/browser/')),
    ],
  },
});
