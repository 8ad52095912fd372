/**
 * Labelled photos the analysis was never fitted on, from the sources of the dev folders, written per view with
 * labels.csv and scale.json for `eval:hairline`, which scores a folder the fit never saw as held out as it is:
 * - the bowed-head selfies' source, the Roboflow "hair-loss" export (CC BY 4.0) as committed in
 *   github.com/Rubenvalrom/Multilabel-Baldness-Classification: the dev folder norwood-front holds its train split's
 *   front views; its valid and test splits are other photos (the export augments the train split only), and they hold
 *   views the dev folders do not (top-down and back of the head), as does its train split (each photo there three
 *   times, turned by quarter turns: one copy is written, the others are left out as copies);
 * - the crown photos' source, ogdata/ of github.com/SquashKiwi/pattern-baldness-cost-estimation (MIT) at commit
 *   78fe909: the dev folder norwood-groups holds 73 of its photos, the others were kept back to judge the analysis.
 * - a source never fitted on, official portraits of an earlier generation: members of the U.S. Congress who last served
 *   in the 100th-112th Congress (1987-2013), none of them in the dev portraits' 118th, from the Biographical Directory
 *   of the United States Congress as gathered in github.com/voteview/member_photos (images/bio_guide/, small: about
 *   175 × 225 px, many black-and-white prints, works of the U.S. government). Their labels are ours, by eye, on the dev
 *   portraits' scale (earlier-portraits-labels.csv, with each photo's SHA-256: a photo that differs is left out and
 *   named).
 * A photo within the perceptual-hash distance of a dev photo read from above, or of a photo already written, is left
 * out (2026-11-29: none of the export's; 74 of the 122 crown photos the mirror holds are dev photos or their copies).
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_DISTANCE, orientationHashes, photoDistance } from './phash.ts';
import { DATASETS } from './labels.ts';
import { HELD_OUT_FOLDERS } from '#scripts/lib/datasets.ts';

/** a labelled photo a source offers: its file, the folder and name it is written under, its label */
interface Candidate {
  file: string;
  folder: string;
  name: string;
  label: number;
}

/** what a held-out folder's scale.json says (labels.ts datasetInfo reads it) */
interface FolderScale {
  norwood: Record<number, number>;
  stages?: Record<number, readonly [number, number]>;
  description: string;
  scale: string;
}

export interface HeldOutBuild {
  /** photos written, per folder */
  written: Record<string, number>;
  /** left out as copies of a dev photo */
  nearDev: string[];
  /** left out as copies of a photo already written */
  repeated: string[];
}

const [FRONT, TOP_DOWN, BACK, GROUPS, EARLIER_MEN, EARLIER_WOMEN] = HELD_OUT_FOLDERS;
const EARLIER =
  'official portraits of an earlier generation of members of the U.S. Congress (last served 1987-2013), a source the fit never saw: the Biographical Directory of the United States Congress via voteview/member_photos, works of the U.S. government; labelled by eye';

const ROBOFLOW = 'Roboflow "hair-loss" by uze, CC BY 4.0';
/** the export's one-hot columns, in its order */
const ROBOFLOW_LEVELS = [2, 3, 4, 5, 6, 7];
const roboflowScale = (description: string): FolderScale => ({
  norwood: Object.fromEntries(ROBOFLOW_LEVELS.map((l) => [l, l])),
  description,
  scale: 'Hamilton-Norwood stages 2 to 7',
});
/** the view in the export's file names → the folder written (side views are left out: no view the engine reads) */
const ROBOFLOW_VIEWS: Record<string, string> = { Front: FRONT, 'Top-Down': TOP_DOWN, Back: BACK };
const EVERY_VIEW = Object.keys(ROBOFLOW_VIEWS);
/**
 * The export's splits and the views each gives: the valid and test splits every view the engine reads; the train split
 * all but the front views, which are the dev folder norwood-front. Read in this order, so a photo in two splits is held
 * out from the first.
 */
const ROBOFLOW_SPLITS: readonly { split: string; views: readonly string[] }[] = [
  { split: 'valid', views: EVERY_VIEW },
  { split: 'test', views: EVERY_VIEW },
  { split: 'train', views: EVERY_VIEW.filter((view) => view !== 'Front') },
];

const SCALES: Record<string, FolderScale> = {
  [FRONT]: roboflowScale(
    `bowed-head selfies of the dev source (its valid and test splits), photos the fit never saw; ${ROBOFLOW}`,
  ),
  [TOP_DOWN]: roboflowScale(
    `the top of the head photographed from above, same source (its three splits), a view the dev folders lack; ${ROBOFLOW}`,
  ),
  [BACK]: roboflowScale(
    `the crown photographed from behind, same source (its three splits), a view the dev folders lack; ${ROBOFLOW}`,
  ),
  [GROUPS]: {
    norwood: DATASETS['norwood-groups']!.norwood,
    description:
      'crown and hairline photos of the dev source kept out of the dev folder, photos the fit never saw; ogdata/ of SquashKiwi/pattern-baldness-cost-estimation, MIT',
    scale: DATASETS['norwood-groups']!.scale,
  },
  [EARLIER_MEN]: { ...DATASETS['portraits/men']!, description: `men: ${EARLIER}` },
  [EARLIER_WOMEN]: { ...DATASETS['portraits/women']!, description: `women, the hairline in view: ${EARLIER}` },
};

/** the export's photos the dev folders lack (ROBOFLOW_SPLITS), from a clone of Rubenvalrom/Multilabel-Baldness-Classification */
export async function roboflowCandidates(clone: string): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const { split, views } of ROBOFLOW_SPLITS) {
    const dir = path.join(clone, 'src', 'data', split);
    const rows = (await readFile(path.join(dir, '_classes.csv'), 'utf8')).trim().split(/\r?\n/).slice(1);
    for (const row of rows) {
      const [file, ...hot] = row.split(',').map((c) => c.trim());
      const view = views.find((v) => file!.includes(`-${v}_jpg`));
      const label = ROBOFLOW_LEVELS[hot.indexOf('1')];
      if (!view || label === undefined) continue;
      const name = `${split}-${file!.replace(/_jpg\.rf\.(\w{6})\w*\.jpg$/, '-$1.jpg')}`;
      out.push({ file: path.join(dir, file!), folder: ROBOFLOW_VIEWS[view]!, name, label });
    }
  }
  return out;
}

/** ogdata/group<N>_<k>.<ext> (N the Norwood group 1-4), from a checkout of SquashKiwi/pattern-baldness-cost-estimation */
export async function groupsCandidates(checkout: string): Promise<Candidate[]> {
  const dir = path.join(checkout, 'ogdata');
  return (await readdir(dir)).sort().flatMap((file) => {
    const label = /^group([1-4])_.*\.(jpe?g|png)$/i.exec(file)?.[1];
    if (!label) return [];
    return [{ file: path.join(dir, file), folder: GROUPS!, name: file.replace(/\s+/g, '-'), label: Number(label) }];
  });
}

/**
 * The labelled earlier portraits (earlier-portraits-labels.csv: file in the clone, label on the dev portraits' scale,
 * 0 for a woman, SHA-256), from a clone of voteview/member_photos; `changed` names those whose bytes differ.
 */
export async function earlierPortraitsCandidates(
  clone: string,
  labelsCsv: string | URL = new URL('../data/earlier-portraits-labels.csv', import.meta.url),
): Promise<{ candidates: Candidate[]; changed: string[] }> {
  const rows = (await readFile(labelsCsv, 'utf8')).trim().split(/\r?\n/).slice(1);
  const candidates: Candidate[] = [];
  const changed: string[] = [];
  for (const row of rows) {
    const [file, label, sha256] = row.split(',');
    const bytes = await readFile(path.join(clone, file!)).catch(() => undefined);
    if (!bytes || createHash('sha256').update(bytes).digest('hex') !== sha256) {
      changed.push(file!);
      continue;
    }
    const folder = Number(label) === 0 ? EARLIER_WOMEN! : EARLIER_MEN!;
    candidates.push({ file: path.join(clone, file!), folder, name: path.basename(file!), label: Number(label) });
  }
  return { candidates, changed };
}

/** Writes the candidates that are no copy of a dev photo (`devDirs`) or of one written before, per folder, under `out`. */
export async function writeHeldOut(
  candidates: readonly Candidate[],
  devDirs: readonly string[],
  out: string,
): Promise<HeldOutBuild> {
  const devFiles = (
    await Promise.all(
      devDirs.map(async (d) => (await readdir(d)).filter((f) => f.endsWith('.jpg')).map((f) => path.join(d, f))),
    )
  ).flat();
  const devHashes = await Promise.all(devFiles.map(async (f) => orientationHashes(new Uint8Array(await readFile(f)))));
  const keptHashes: typeof devHashes = [];
  const labels = new Map<string, string[]>();
  const nearDev: string[] = [];
  const repeated: string[] = [];
  const near = (hashes: bigint[], among: typeof devHashes) =>
    among.some((d) => photoDistance(hashes, d) <= MAX_DISTANCE);
  for (const c of candidates) {
    const hashes = await orientationHashes(new Uint8Array(await readFile(c.file)));
    if (near(hashes, devHashes)) nearDev.push(path.basename(c.file));
    else if (near(hashes, keptHashes)) repeated.push(path.basename(c.file));
    else {
      keptHashes.push(hashes);
      await mkdir(path.join(out, c.folder), { recursive: true });
      await copyFile(c.file, path.join(out, c.folder, c.name));
      labels.set(c.folder, [...(labels.get(c.folder) ?? []), `${c.name},${c.label}`]);
    }
  }
  const written: Record<string, number> = {};
  for (const [folder, lines] of labels) {
    await writeFile(path.join(out, folder, 'labels.csv'), ['file,stage', ...lines].join('\n') + '\n');
    await writeFile(path.join(out, folder, 'scale.json'), JSON.stringify(SCALES[folder], null, 2) + '\n');
    written[folder] = lines.length;
  }
  return { written, nearDev, repeated };
}
