/**
 * globalSetup of the `integration` and `browser` projects: one real local stack for both (DynamoDB Local in memory,
 * cognito-local, the Stripe emulator, the SES emulator, the gateway, and `vite preview` serving a production build of
 * the web app made here once), on free ports, with a fresh data folder.
 *
 * Vitest awaits every project's globalSetup before it runs any test file, so the build and the stack start in the
 * background: the projects that need no stack (unit, web, engine, stripe) run meanwhile, and each file of the two stack
 * projects waits for it in its setup file (test/support/stack-ready.ts), through the files this writes into the data folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ANY_FREE_PORTS } from '#infra/local/ports.ts';
import type { LocalStack } from '#infra/local/stack.ts';
import { buildWeb } from './web-build.ts';
import { STACK_FAILED_FILE, STACK_READY_FILE, stackInfoOf, type StackInfo } from './stack-info.ts';

interface SharedStack {
  dataDir: string;
  /** how many projects' teardowns are still to come */
  users: number;
  started: Promise<LocalStack | undefined>;
}

// both projects' globalSetup run in this one process, each through its own module instance: the stack lives on globalThis
const SHARED = Symbol.for('hairline-rater.test-stack');
const registry = globalThis as unknown as Record<typeof SHARED, SharedStack | undefined>;

async function start(root: string, dataDir: string): Promise<LocalStack | undefined> {
  const began = performance.now();
  try {
    const webOutDir = join(dataDir, 'web');
    const building = buildWeb(root, webOutDir);
    // loaded here, not at the top: Vitest awaits this module's import before the first test file of any project runs,
    // and the stack's modules (the gateway, the handlers, the local stand-ins) take seconds to load on a busy machine
    const { startLocalStack } = await import('#infra/local/stack.ts');
    await building;
    const built = performance.now();
    const stack = await startLocalStack({
      ports: ANY_FREE_PORTS,
      dataDir,
      web: 'preview',
      webOutDir,
      quiet: true,
      inMemoryDb: true,
    });
    const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
    console.log(
      `local stack up in ${seconds(began, performance.now())} s (web build ${seconds(began, built)} s; logs in ${dataDir}/logs)`,
    );
    writeFileSync(join(dataDir, STACK_READY_FILE), JSON.stringify(stackInfoOf(stack)));
    return stack;
  } catch (error) {
    // every file of the stack projects fails with this instead of waiting for a stack that never comes
    writeFileSync(
      join(dataDir, STACK_FAILED_FILE),
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
    return undefined;
  }
}

export default function setup(project: TestProject) {
  let shared = registry[SHARED];
  if (!shared) {
    const dataDir = mkdtempSync(join(tmpdir(), 'hairline-test-'));
    shared = registry[SHARED] = { dataDir, users: 0, started: start(project.config.root, dataDir) };
  }
  shared.users++;
  project.provide('stackDir', shared.dataDir);
  // filled in each worker by test/support/stack-ready.ts once the stack is up; the test files read it lazily
  project.provide('stack', {} as StackInfo);
  const { dataDir, started } = shared;
  return async () => {
    if (--shared.users > 0) return;
    registry[SHARED] = undefined;
    await (await started)?.stop();
    if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
