/**
 * Labelled photos the analysis was never fitted on, from the source of the bowed-head selfies: the Roboflow "hair-loss"
 * export (CC BY 4.0) as committed in github.com/Rubenvalrom/Multilabel-Baldness-Classification. The dev folder
 * norwood-front holds its train split's front views; its valid and test splits are other photos (not augmented copies:
 * the export augments the train split only), and they hold views the dev folders do not (top-down and back of the
 * head). This writes one folder per view, each with labels.csv and scale.json, for `eval:hairline -- --dir …`, which
 * scores a folder the fit never saw as held out as it is. A photo within the perceptual-hash distance of a dev photo is
 * left out (none were, 2026-11-28). Nothing here is committed: `--out` defaults to heldOutRoot() (`.held-out/`, git-ignored).
 * Usage: npm run datasets:held-out -- --from <a clone of that repository> [--out <folder>]
 */
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_DISTANCE, orientationHashes, photoDistance } from './analysis/phash.ts';
import { datasetsRoot } from './lib/data-dirs.ts';
import { HELD_OUT_FOLDERS, heldOutRoot } from './lib/datasets.ts';
import { readArgs, usageError } from './lib/cli.ts';

const USAGE =
  'npm run datasets:held-out -- --from <clone of Rubenvalrom/Multilabel-Baldness-Classification> [--out <folder>]';
const { values } = readArgs(USAGE, { from: { type: 'string' }, out: { type: 'string' } });
if (!values.from) usageError(USAGE, '--from is required');
const out = values.out ?? heldOutRoot();

const SPLITS = ['valid', 'test'];
/** the export's one-hot columns, in its order */
const LEVELS = [2, 3, 4, 5, 6, 7];
/** the view in the export's file names → the folder written */
const [FRONT, TOP_DOWN, BACK] = HELD_OUT_FOLDERS;
const VIEWS: Record<string, { folder: string; description: string }> = {
  Front: {
    folder: FRONT,
    description:
      'bowed-head selfies of the dev source (its valid and test splits), photos the fit never saw; Roboflow "hair-loss" by uze, CC BY 4.0',
  },
  'Top-Down': {
    folder: TOP_DOWN,
    description:
      'the top of the head photographed from above, same source, a view the dev folders lack; Roboflow "hair-loss" by uze, CC BY 4.0',
  },
  Back: {
    folder: BACK,
    description:
      'the crown photographed from behind, same source, a view the dev folders lack; Roboflow "hair-loss" by uze, CC BY 4.0',
  },
};

const devDir = path.join(datasetsRoot(), 'norwood-front');
const devHashes = await Promise.all(
  (await readdir(devDir))
    .filter((f) => f.endsWith('.jpg'))
    .map(async (f) => orientationHashes(new Uint8Array(await readFile(path.join(devDir, f))))),
);

const labels = new Map<string, string[]>();
let nearDev = 0;
for (const split of SPLITS) {
  const dir = path.join(values.from, 'src', 'data', split);
  const rows = (await readFile(path.join(dir, '_classes.csv'), 'utf8')).trim().split(/\r?\n/).slice(1);
  for (const row of rows) {
    const [file, ...hot] = row.split(',').map((c) => c.trim());
    const view = Object.keys(VIEWS).find((v) => file!.includes(`-${v}_jpg`));
    const level = LEVELS[hot.findIndex((c) => c === '1')];
    if (!view || level === undefined) continue;
    const bytes = new Uint8Array(await readFile(path.join(dir, file!)));
    const hashes = await orientationHashes(bytes);
    if (devHashes.some((d) => photoDistance(hashes, d) <= MAX_DISTANCE)) {
      nearDev++;
      continue;
    }
    const { folder } = VIEWS[view]!;
    const name = `${split}-${file!.replace(/_jpg\.rf\.(\w{6})\w*\.jpg$/, '-$1.jpg')}`;
    await mkdir(path.join(out, folder), { recursive: true });
    await copyFile(path.join(dir, file!), path.join(out, folder, name));
    labels.set(folder, [...(labels.get(folder) ?? []), `${name},${level}`]);
  }
}

for (const { folder, description } of Object.values(VIEWS)) {
  const lines = labels.get(folder) ?? [];
  if (lines.length === 0) continue;
  await writeFile(path.join(out, folder, 'labels.csv'), ['file,stage', ...lines].join('\n') + '\n');
  const norwood = Object.fromEntries(LEVELS.map((l) => [l, l]));
  const scale = 'Hamilton-Norwood stages 2 to 7';
  await writeFile(
    path.join(out, folder, 'scale.json'),
    JSON.stringify({ norwood, description, scale }, null, 2) + '\n',
  );
  console.log(`${path.join(out, folder)}: ${lines.length} photos`);
}
console.log(`left out as copies of a dev photo: ${nearDev}`);
