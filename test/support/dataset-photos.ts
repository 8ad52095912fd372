/**
 * Real photos for the tests that need them, read from the labelled development sets in DATASETS_DIR (default
 * ../shared/datasets, the folder the eval reads): the repository carries none. A test asks with its context; when the
 * folder (or a model file, `requireModels`) is missing the test skips itself with a note, counted at the end of the
 * run in one line (data-skip-reporter.ts), and with REQUIRE_DATA=1 (CI) it fails instead.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach } from 'vitest';
import { modelFilePath } from '#lambdas/config/model-files.ts';
import { dataRequired, datasetsRoot } from '#infra/data-dirs.ts';
import { MODEL_FILES, type ModelName } from '#shared/model-files.ts';
import { SKIP_NOTES } from './skip-notes.ts';

/** the part of a test context (or a beforeEach's) that can skip the test */
export interface Skippable {
  skip: (note: string) => never;
}

export type DatasetSet = 'norwood-front' | 'norwood-groups' | 'portraits/men' | 'portraits/women';
export type PhotoView = 'front' | 'bowed' | 'top';

function need(ctx: Skippable, present: boolean, note: string, missing: string): void {
  if (present) return;
  if (dataRequired()) throw new Error(`${note}: ${missing} (REQUIRE_DATA=1 turns a skip into a failure)`);
  ctx.skip(note);
}

/** the dev sets' folder; skips the test when it is missing */
export function requireDatasets(ctx: Skippable): string {
  const root = datasetsRoot();
  need(ctx, existsSync(root), SKIP_NOTES.photos.note, root);
  return root;
}

/**
 * For a beforeAll that prepares what its tests share: it does nothing without the data, and each test then skips
 * itself (`beforeEach(requireDatasets)`, `requireModels`).
 */
export function datasetsPresent(): boolean {
  return existsSync(datasetsRoot());
}

/**
 * For a test that runs the real analysis (in process or through the API): skips it when a model file is not in the
 * cache. Every manifest file by default.
 */
export function requireModels(ctx: Skippable, names: readonly ModelName[] = ALL_MODELS): void {
  for (const name of names) {
    const file = modelFilePath(name);
    need(ctx, existsSync(file), SKIP_NOTES.models.note, file);
  }
}

const ALL_MODELS = MODEL_FILES.map((m) => m.name);

/**
 * For a file (or describe block) whose tests all run the real analysis on the dev photos: each of its tests skips
 * itself without the photos or a model file. Its beforeAll prepares only when `photosAndModelsPresent()`.
 */
export function eachTestNeedsPhotosAndModels(): void {
  beforeEach((ctx) => {
    requireDatasets(ctx);
    requireModels(ctx);
  });
}

export const photosAndModelsPresent = (): boolean => datasetsPresent() && modelsPresent();

export function modelsPresent(names: readonly ModelName[] = ALL_MODELS): boolean {
  return names.every((name) => existsSync(modelFilePath(name)));
}

export interface DatasetPhoto {
  set: DatasetSet;
  file: string;
  label: number;
  /** JPEG, re-encoded at the size asked for */
  bytes: Buffer;
}

/** a photo at its longest side `side` (enlarged when smaller: small dev photos read like the others) */
async function encoded(file: string, side: number | undefined): Promise<Buffer> {
  if (side === undefined) return readFileSync(file);
  return sharp(file).rotate().resize(side, side, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
}

function labels(root: string, set: DatasetSet): Map<string, number> {
  const csv = readFileSync(path.join(root, set, 'labels.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  return new Map(csv.map((line) => line.split(',') as [string, string]).map(([f, s]) => [f, Number(s)]));
}

/**
 * The first `count` photos of a set (by file name) with the given label (stage), at 480 px on the longest side
 * unless asked otherwise. The sets' file names lead with their label (`s2-…`), so the choice is stable.
 */
export async function datasetPhotos(ctx: Skippable, query: PhotoQuery): Promise<DatasetPhoto[]> {
  requireDatasets(ctx);
  return readDatasetPhotos(query);
}

export interface PhotoQuery {
  set: DatasetSet;
  label?: number;
  count: number;
  longestSide?: number;
}

/** the same in a beforeAll, once datasetsPresent() said yes */
export async function readDatasetPhotos(query: PhotoQuery): Promise<DatasetPhoto[]> {
  const root = datasetsRoot();
  const labelOf = labels(root, query.set);
  const files = readdirSync(path.join(root, query.set))
    .filter((f) => labelOf.has(f) && (query.label === undefined || labelOf.get(f) === query.label))
    .sort()
    .slice(0, query.count);
  if (files.length < query.count) {
    throw new Error(`${query.set}: ${files.length} photos labelled ${query.label ?? 'any'}, ${query.count} asked`);
  }
  return Promise.all(
    files.map(async (file) => ({
      set: query.set,
      file,
      label: labelOf.get(file)!,
      bytes: await encoded(path.join(root, query.set, file), query.longestSide ?? 480),
    })),
  );
}

/**
 * Photos the tests name for what they show (the view the engine reads them as, and the stage): each a dev-set file
 * at the size the test was written for.
 */
export const NAMED_PHOTOS = {
  /** front portraits, full hairlines (stage 1) */
  'portrait-full-1': { set: 'portraits/men', file: '64b4b41e88ea.jpg', view: 'front', side: 360 },
  'portrait-full-2': { set: 'portraits/men', file: '08b05fd47e6f.jpg', view: 'front', side: 360 },
  /** front portraits, bald on top */
  'portrait-bald-1': { set: 'portraits/men', file: '1c8ecb1c9baa.jpg', view: 'front', side: 360 },
  'portrait-bald-2': { set: 'portraits/men', file: '043efa7f439e.jpg', view: 'front', side: 360 },
  'portrait-woman-1': { set: 'portraits/women', file: '7159e80bdb80.jpg', view: 'front', side: 360 },
  /** a woman whose hair falls past her shoulders */
  'portrait-woman-long': { set: 'portraits/women', file: 'd360a4c23685.jpg', view: 'front', side: 360 },
  /** a braided updo the hair model leaves out above the hairline */
  'portrait-woman-braids': { set: 'portraits/women', file: '827d807d5677.jpg', view: 'front', side: 480 },
  /** dark-skinned men (skin tone labelled by eye): a full hairline (level 1) and bald on top (level 4) */
  'portrait-full-dark': { set: 'portraits/men', file: '0094b2a0a09c.jpg', view: 'front', side: 360 },
  'portrait-bald-dark': { set: 'portraits/men', file: '7a8da33ae8f8.jpg', view: 'front', side: 360 },
  /** a bald top and a full hairline in portraits as small as official galleries serve them (260 px) */
  'portrait-bald-small': { set: 'portraits/men', file: '3eee38a3952a.jpg', view: 'front', side: 260 },
  'portrait-full-small': { set: 'portraits/men', file: '64b4b41e88ea.jpg', view: 'front', side: 260 },
  /** a selfie from the front saved a quarter turn off (the bowed selfies' folder): turned upright, read from the front */
  'selfie-turned': { set: 'norwood-front', file: 's2-6f82067ad170.jpg', view: 'front', side: 448 },
  /** a shaved head taken from a few metres, at full size: small in the frame, its stubble seen at the head's scale */
  'portrait-shaved-far': { set: 'portraits/men', file: 'eb15d060dc27.jpg', view: 'front', side: 960 },
  /** a close-up of a bald man with white hair at the sides (Norwood 4; a dark-skinned man): his head fills the frame */
  'close-up-bald': { set: 'norwood-front', file: 's4-4abec4efe6c1.jpg', view: 'front', side: 448 },
  /** a face under grey hair */
  'face-1': { set: 'norwood-front', file: 's2-71fc8df111f7.jpg', view: 'front', side: 256 },
  /** bowed selfies: Norwood 4 (thinning behind a hairline in place), Norwood 5 (the hairline gone back) */
  'bowed-1': { set: 'norwood-front', file: 's4-d17c7853e0a4.jpg', view: 'bowed', side: 448 },
  'bowed-2': { set: 'norwood-front', file: 's5-6961bbbeb1a4.jpg', view: 'bowed', side: 448 },
  /** a bowed selfie (Norwood 2, a full head of hair) whose face, tipped too far for the face mesh, is not found */
  'bowed-unfound': { set: 'norwood-front', file: 's2-c5e8befc94de.jpg', view: 'top', side: 448 },
  /** bowed selfies where the tipped-face search reads a face it is unsure of and that is hardly tipped: a misread */
  'bowed-face-on-scalp': { set: 'norwood-front', file: 's4-57e1a84ed73c.jpg', view: 'top', side: 640 },
  'bowed-upside-down': { set: 'norwood-front', file: 's5-69299bbacb65.jpg', view: 'top', side: 640 },
  /** bald bowed selfies (Norwood 6) whose faces are not found: a dark-skinned man's, face below; a face to the right */
  'bowed-bald-dark': { set: 'norwood-front', file: 's6-860b5d0249b5.jpg', view: 'top', side: 448 },
  'bowed-bald-side': { set: 'norwood-front', file: 's6-eb209a3dad06.jpg', view: 'top', side: 448 },
  /** a bald bowed selfie (Norwood 7, a dark-skinned man in glasses): brows, eyes and glasses in the frame, face unread */
  'bowed-bald-glasses': { set: 'norwood-front', file: 's7-9659a5d8f3c8.jpg', view: 'top', side: 448 },
  /** a bald bowed selfie (Norwood 7) whose detail is the softest of the dev photos (a phone's soft focus) */
  'bowed-bald-soft': { set: 'norwood-front', file: 's7-5a3bb8737a39.jpg', view: 'top', side: 640 },
  /** crown photos from above: full and bald */
  'full-1': { set: 'norwood-groups', file: 's1-609bc70d861b.jpg', view: 'top', side: 320 },
  'full-2': { set: 'norwood-groups', file: 's1-25e3ad847388.jpg', view: 'top', side: 320 },
  'bald-1': { set: 'norwood-groups', file: 's4-bf89d9b5fb9d.jpg', view: 'top', side: 320 },
  'bald-2': { set: 'norwood-groups', file: 's4-a85f8b17045a.jpg', view: 'top', side: 320 },
  /** bare scalps from above that the hair mask marks as hair almost whole: clipped, shiny and lit, stubbled */
  'bald-clipped': { set: 'norwood-groups', file: 's4-416768e48a3a.jpg', view: 'top', side: 320 },
  'bald-shiny': { set: 'norwood-front', file: 's6-d92fe7aecb76.jpg', view: 'top', side: 320 },
  'bald-stubble': { set: 'norwood-groups', file: 's4-e62147f33e2f.jpg', view: 'top', side: 320 },
  /** the subject of the hostile-input corpus (scripts/verify/hostile-corpus.ts) */
  'full-3': { set: 'norwood-groups', file: 's1-24b01c9cad33.jpg', view: 'top', side: 480 },
} as const satisfies Record<string, { set: DatasetSet; file: string; view: PhotoView; side: number }>;

export type PhotoName = keyof typeof NAMED_PHOTOS;

/** one named photo's JPEG bytes */
export async function namedPhoto(ctx: Skippable, name: PhotoName): Promise<Buffer> {
  requireDatasets(ctx);
  return readNamedPhoto(name);
}

/** the same in a beforeAll, once datasetsPresent() said yes */
export async function readNamedPhoto(name: PhotoName): Promise<Buffer> {
  const { set, file, side } = NAMED_PHOTOS[name];
  return encoded(path.join(datasetsRoot(), set, file), side);
}

/** named photos, each as the file payload a browser's file input takes (playwright's setInputFiles) */
export async function photoFiles(
  ctx: Skippable,
  ...names: PhotoName[]
): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  return Promise.all(
    names.map(async (name) => ({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: await namedPhoto(ctx, name) })),
  );
}
