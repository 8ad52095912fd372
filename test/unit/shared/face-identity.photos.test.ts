/**
 * The "same person" threshold on real faces: dev portraits of different people are never taken as one person, and
 * copies of one portrait changed as phones and apps change it are (scripts/analysis/eval-face-identity.ts measures all 141). Needs
 * the dev photos (DATASETS_DIR); the face models come with the npm packages.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FACE_DESCRIPTOR_LENGTH, SAME_PERSON_MAX_DISTANCE } from '#shared/face-identity.ts';
import { createModelDeps } from '#lambdas/analysis/index.ts';
import { readLabels } from '#scripts/analysis/lib/labels.ts';
import {
  IDENTITY_TRANSFORMS,
  identityFigures,
  portraitDescriptor,
  type PortraitDescriptors,
} from '#scripts/analysis/lib/identity-threshold.ts';
import { datasetsRoot } from '#infra/data-dirs.ts';
import { datasetsPresent, requireDatasets } from '#test/support/dataset-photos.ts';

const T = 240_000;
/** portraits of different people: the first by file name of each folder */
const PEOPLE = { 'portraits/men': 10, 'portraits/women': 5 } as const;
/** of those, how many are also changed by every transform */
const COPIED = 3;

const portraits: PortraitDescriptors[] = [];

beforeEach((ctx) => {
  requireDatasets(ctx);
});

beforeAll(async () => {
  if (!datasetsPresent()) return;
  // on this thread: no model thread to start and stop for a few faces
  const deps = createModelDeps({ modelThread: false });
  for (const [folder, count] of Object.entries(PEOPLE)) {
    const photos = readLabels(path.join(datasetsRoot(), folder))
      .sort((a, b) => a.file.localeCompare(b.file))
      .slice(0, count);
    for (const photo of photos) {
      const bytes = new Uint8Array(await readFile(photo.path));
      const original = await portraitDescriptor(bytes, deps);
      if (!original) throw new Error(`no front face found in ${photo.file}`);
      const copies: PortraitDescriptors['copies'] = {};
      if (portraits.length < COPIED) {
        for (const t of IDENTITY_TRANSFORMS) {
          copies[t.name] = await portraitDescriptor(new Uint8Array(await t.apply(bytes)), deps);
        }
      }
      portraits.push({ file: photo.file, original, copies });
    }
  }
}, T);

describe('the same-person threshold on the dev portraits', () => {
  it('reads a descriptor of 1024 numbers from each front face', () => {
    expect(portraits).toHaveLength(PEOPLE['portraits/men'] + PEOPLE['portraits/women']);
    for (const p of portraits) expect(p.original.length).toBe(FACE_DESCRIPTOR_LENGTH);
  });

  it('takes different people as one at most 1 % of the time, and a changed copy as the same person at least 99 %', () => {
    const f = identityFigures(portraits, SAME_PERSON_MAX_DISTANCE);
    expect(f.differentPairs).toBe(105);
    expect(f.samePairs).toBe(COPIED * IDENTITY_TRANSFORMS.length);
    expect(f.falseSame / f.differentPairs).toBeLessThanOrEqual(0.01);
    expect(f.trueSame / f.samePairs).toBeGreaterThanOrEqual(0.99);
  });
});
