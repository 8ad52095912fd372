/**
 * Setup file of the `integration` and `browser` projects: waits until test/support/global-setup.ts has the local stack
 * up (it starts in the background while the other projects run), then fills in the `stack` every test file injects.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { STACK_FAILED_FILE, STACK_READY_FILE, type StackInfo } from './stack-info.ts';

/** a web build and a cold stack on a loaded 2-core machine: minutes, not seconds */
const STACK_WAIT_MS = 15 * 60_000;
const POLL_MS = 200;

async function stackInfo(dataDir: string): Promise<StackInfo> {
  const ready = join(dataDir, STACK_READY_FILE);
  const failed = join(dataDir, STACK_FAILED_FILE);
  const deadline = Date.now() + STACK_WAIT_MS;
  for (;;) {
    if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as StackInfo;
    if (existsSync(failed)) throw new Error(`the local stack did not start:\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the local stack was not up after ${STACK_WAIT_MS / 60_000} minutes`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const stack = inject('stack');
if (!stack.gatewayUrl) Object.assign(stack, await stackInfo(inject('stackDir')));
