/**
 * Writes the held-out folders (analysis/held-out-sets.ts) from a clone of
 * github.com/Rubenvalrom/Multilabel-Baldness-Classification. Nothing here is committed: `--out` defaults to
 * heldOutRoot() (`.held-out/`, git-ignored), where `eval:hairline` finds them.
 * Usage: npm run datasets:held-out -- --from <a clone of that repository> [--out <folder>]
 */
import path from 'node:path';
import { buildHeldOutSets } from './analysis/held-out-sets.ts';
import { datasetsRoot } from './lib/data-dirs.ts';
import { heldOutRoot } from './lib/datasets.ts';
import { readArgs, usageError } from './lib/cli.ts';

const USAGE =
  'npm run datasets:held-out -- --from <clone of Rubenvalrom/Multilabel-Baldness-Classification> [--out <folder>]';
const { values } = readArgs(USAGE, { from: { type: 'string' }, out: { type: 'string' } });
if (!values.from) usageError(USAGE, '--from is required');
const out = values.out ?? heldOutRoot();
const devDirs = ['norwood-front', 'norwood-groups'].map((d) => path.join(datasetsRoot(), d));
const { written, nearDev } = await buildHeldOutSets(values.from, devDirs, out);
for (const [folder, n] of Object.entries(written)) console.log(`${path.join(out, folder)}: ${n} photos`);
console.log(`left out as copies of a dev photo: ${nearDev.length}${nearDev.length ? ` (${nearDev.join(', ')})` : ''}`);
