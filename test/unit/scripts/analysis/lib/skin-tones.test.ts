/**
 * The skin-tone groups the eval reports every figure by are labelled by hand (skin-tone-labels.csv): each names a
 * folder the eval reads and one of the three groups, and every dev photo has one, so no photo drops out of the groups.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLabels } from '#scripts/analysis/lib/labels.ts';
import { readSkinTones, SKIN_TONES } from '#scripts/analysis/lib/skin-tones.ts';
import { DEV_FOLDERS, HELD_OUT_FOLDERS } from '#scripts/lib/datasets.ts';
import { requireDatasets } from '#test/support/dataset-photos.ts';

const tones = readSkinTones();
const setOf = (key: string) => key.slice(0, key.lastIndexOf('/'));

describe('skin-tone labels', () => {
  it('name a dev or held-out folder and one of the three groups', () => {
    const folders = new Set<string>([...DEV_FOLDERS, ...HELD_OUT_FOLDERS]);
    expect(tones.size).toBeGreaterThan(0);
    for (const [key, tone] of tones) {
      expect(folders.has(setOf(key)), key).toBe(true);
      expect(SKIN_TONES).toContain(tone);
    }
  });

  it('cover every dev photo, and only photos the dev folders hold', (ctx) => {
    const root = requireDatasets(ctx);
    for (const folder of DEV_FOLDERS) {
      const files = new Set(readLabels(path.join(root, folder)).map((p) => p.file));
      for (const file of files) expect(tones.has(`${folder}/${file}`), `${folder}/${file}`).toBe(true);
      for (const key of tones.keys())
        if (setOf(key) === folder) expect(files.has(key.slice(folder.length + 1)), key).toBe(true);
    }
  });
});
