/**
 * A fresh local stack for one benchmark, as `npm start` runs it but apart from it: a new data folder in the system's
 * temp folder, free ports, DynamoDB Local in memory, each service's output in its log. Its `stop()` also removes the
 * folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANY_FREE_PORTS } from '#infra/local/ports.ts';
import { startLocalStack, type LocalStack } from '#infra/local/stack.ts';

export async function freshStack(name: string, web: 'none' | 'preview'): Promise<LocalStack> {
  const dataDir = mkdtempSync(join(tmpdir(), `hairline-${name}-`));
  const local = await startLocalStack({ ports: ANY_FREE_PORTS, dataDir, web, quiet: true, inMemoryDb: true });
  return {
    ...local,
    stop: async () => {
      await local.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
