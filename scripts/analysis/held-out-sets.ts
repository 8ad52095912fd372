/**
 * Labelled photos the analysis was never fitted on, from the source of the bowed-head selfies: the Roboflow "hair-loss"
 * export (CC BY 4.0) as committed in github.com/Rubenvalrom/Multilabel-Baldness-Classification. The dev folder
 * norwood-front holds its train split's front views; its valid and test splits are other photos (not augmented copies:
 * the export augments the train split only), and they hold views the dev folders do not (top-down and back of the
 * head). One folder per view, each with labels.csv and scale.json, for `eval:hairline`, which scores a folder the fit
 * never saw as held out as it is. A photo within the perceptual-hash distance of a photo of the dev folders read from
 * above is left out (none were, 2026-11-28).
 */
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_DISTANCE, orientationHashes, photoDistance } from './phash.ts';
import { HELD_OUT_FOLDERS } from '../lib/datasets.ts';

const SPLITS = ['valid', 'test'];
/** the export's one-hot columns, in its order */
const LEVELS = [2, 3, 4, 5, 6, 7];
const ATTRIBUTION = 'Roboflow "hair-loss" by uze, CC BY 4.0';
const [FRONT, TOP_DOWN, BACK] = HELD_OUT_FOLDERS;
/** the view in the export's file names → the folder written (side views are left out: no view the engine reads) */
const VIEWS: Record<string, { folder: string; description: string }> = {
  Front: {
    folder: FRONT,
    description: `bowed-head selfies of the dev source (its valid and test splits), photos the fit never saw; ${ATTRIBUTION}`,
  },
  'Top-Down': {
    folder: TOP_DOWN,
    description: `the top of the head photographed from above, same source, a view the dev folders lack; ${ATTRIBUTION}`,
  },
  Back: {
    folder: BACK,
    description: `the crown photographed from behind, same source, a view the dev folders lack; ${ATTRIBUTION}`,
  },
};

export interface HeldOutBuild {
  /** photos written, per folder */
  written: Record<string, number>;
  /** left out as copies of a dev photo */
  nearDev: string[];
}

/** `from`: a clone of the repository; `devDirs`: the dev folders its photos must not repeat; `out`: where to write */
export async function buildHeldOutSets(from: string, devDirs: readonly string[], out: string): Promise<HeldOutBuild> {
  const devFiles = (
    await Promise.all(
      devDirs.map(async (d) => (await readdir(d)).filter((f) => f.endsWith('.jpg')).map((f) => path.join(d, f))),
    )
  ).flat();
  const devHashes = await Promise.all(devFiles.map(async (f) => orientationHashes(new Uint8Array(await readFile(f)))));
  const labels = new Map<string, string[]>();
  const nearDev: string[] = [];
  for (const split of SPLITS) {
    const dir = path.join(from, 'src', 'data', split);
    const rows = (await readFile(path.join(dir, '_classes.csv'), 'utf8')).trim().split(/\r?\n/).slice(1);
    for (const row of rows) {
      const [file, ...hot] = row.split(',').map((c) => c.trim());
      const view = Object.keys(VIEWS).find((v) => file!.includes(`-${v}_jpg`));
      const level = LEVELS[hot.indexOf('1')];
      if (!view || level === undefined) continue;
      const hashes = await orientationHashes(new Uint8Array(await readFile(path.join(dir, file!))));
      if (devHashes.some((d) => photoDistance(hashes, d) <= MAX_DISTANCE)) {
        nearDev.push(file!);
        continue;
      }
      const { folder } = VIEWS[view]!;
      const name = `${split}-${file!.replace(/_jpg\.rf\.(\w{6})\w*\.jpg$/, '-$1.jpg')}`;
      await mkdir(path.join(out, folder), { recursive: true });
      await copyFile(path.join(dir, file!), path.join(out, folder, name));
      labels.set(folder, [...(labels.get(folder) ?? []), `${name},${level}`]);
    }
  }
  const written: Record<string, number> = {};
  for (const { folder, description } of Object.values(VIEWS)) {
    const lines = labels.get(folder) ?? [];
    if (lines.length === 0) continue;
    await writeFile(path.join(out, folder, 'labels.csv'), ['file,stage', ...lines].join('\n') + '\n');
    const scale = {
      norwood: Object.fromEntries(LEVELS.map((l) => [l, l])),
      description,
      scale: 'Hamilton-Norwood stages 2 to 7',
    };
    await writeFile(path.join(out, folder, 'scale.json'), JSON.stringify(scale, null, 2) + '\n');
    written[folder] = lines.length;
  }
  return { written, nearDev };
}
