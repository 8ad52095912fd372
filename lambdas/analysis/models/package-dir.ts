import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * A package's folder, looked up along Node's search path without resolving its entry point: @vladmandic/human's
 * entry is a build the Lambda bundle does not carry (it has dist/human.node-wasm.js only), so require.resolve fails.
 */
export function packageDir(name: string): string {
  const found = require.resolve
    .paths(name)
    ?.map((dir) => path.join(dir, name))
    .find((dir) => existsSync(path.join(dir, 'package.json')));
  if (!found) throw new Error(`package ${name} not found`);
  return found;
}
