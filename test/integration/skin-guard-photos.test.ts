/**
 * Skin is not hair in dim light (face-view/skin-guard.ts), on the dev photos made dim in memory
 * (scripts/analysis/lib/dim-light-copies.ts: less light, a warm cast, sensor noise, a shiny scalp, darker skin): the
 * bald or shaved dev portraits, and bald heads of dark-skinned men from above, score as bald; the full hairlines of
 * dark-skinned men keep their hair, as taken and in dim light. Skips itself without DATASETS_DIR or the model files.
 *
 * A sample, chosen by a rule: every bald or shaved dev portrait, each in one of the four dim lights (the i-th by file
 * name in light i mod 4, so each light on five of them; 30 analyses, not the 100 of every photo in every light); the
 * three heads from above and the two full hairlines in all four. The sweep of every dev photo in every light, with the
 * figures per skin-tone group, is `npm run check:dim-light` (`-- --sets portraits/men --bald-only` for these 20 in all
 * four lights; it prints the copies above 45 or in a good band instead of failing).
 */
import { describe, expect, it } from 'vitest';
import { AnalysisRejectedError, analyzeHairline, createModelDeps } from '#lambdas/analysis/index.ts';
import { measurePhoto } from '#lambdas/analysis/engine.ts';
import { decodePhoto } from '#lambdas/analysis/photo/photo.ts';
import { DIM_LIGHTS, highlightSpot, inDimLight, type DimLight } from '#scripts/analysis/lib/dim-light-copies.ts';
import { datasetPhotos, eachTestNeedsPhotosAndModels, namedPhoto } from '#test/support/dataset-photos.ts';

eachTestNeedsPhotosAndModels();
const deps = createModelDeps();
/** the bar for a bald head in any light */
const BALD_MAX = 45;
const T = 900_000;
const SHAVED_FAR = 'eb15d060dc27.jpg';

/**
 * The photo's dim copies in the lights asked for (all by default), each with a highlight on the top of the head as the
 * photo shows it (read from the photo as taken, only when a light has one)
 */
async function dimCopies(
  bytes: Uint8Array,
  lights: readonly DimLight[] = DIM_LIGHTS,
): Promise<{ light: string; bytes: Uint8Array }[]> {
  const spot = lights.some((light) => light.highlight)
    ? highlightSpot((await analyzeHairline({ face: bytes }, deps)).captureConditions)
    : undefined;
  return Promise.all(
    lights.map(async (light) => ({
      light: light.name,
      bytes: new Uint8Array(await inDimLight(bytes, light, spot)),
    })),
  );
}

describe('skin is not hair in dim light (dev photos made dim in memory)', () => {
  it(
    'scores every bald or shaved dev portrait as bald in one of the dim lights (warm, noisy, a shiny scalp, darker skin)',
    async (ctx) => {
      const bald = await datasetPhotos(ctx, { set: 'portraits/men', label: 4, count: 20, longestSide: 640 });
      const high: string[] = [],
        good: string[] = [],
        refused: string[] = [];
      // the sample (header): the i-th photo by file name in the (i mod 4)-th light
      for (const [i, photo] of bald.entries()) {
        const light = DIM_LIGHTS[i % DIM_LIGHTS.length]!;
        for (const copy of await dimCopies(new Uint8Array(photo.bytes), [light])) {
          const name = `${photo.file} ${copy.light}`;
          try {
            const { score, rating } = await analyzeHairline({ face: copy.bytes }, deps);
            if (score > BALD_MAX) high.push(name);
            if (rating === 'W Rizz' || rating === 'Certified Rizz God') good.push(`${name}: ${score}`);
          } catch (e) {
            if (!(e instanceof AnalysisRejectedError)) throw e;
            refused.push(`${name}: ${e.code}`);
          }
        }
      }
      expect(good).toEqual([]);
      // still above 45 (docs/analysis.md "What it does not read well yet"): the shaved head photographed from a few
      // metres, darker and dim, whose stubble the mask keeps on the head (before the guard: 80, "W Rizz")
      expect(high.filter((h) => h !== `${SHAVED_FAR} darker skin, dim, warm, shiny scalp`)).toEqual([]);
      // a dim copy whose bare top the guard gives back may be refused as cut off at the frame, never measured as hair
      expect(
        refused.every((r) => r.endsWith('face_cut_off')),
        refused.join('; '),
      ).toBe(true);
      expect(refused.length).toBeLessThanOrEqual(1);
    },
    T,
  );

  it(
    'scores the bald heads of dark-skinned men seen from above as bald in dim light',
    async (ctx) => {
      for (const name of ['bowed-bald-dark', 'bowed-bald-glasses', 'portrait-bald-dark'] as const) {
        for (const copy of await dimCopies(new Uint8Array(await namedPhoto(ctx, name)))) {
          const { score } = await analyzeHairline({ face: copy.bytes }, deps);
          expect(score, `${name} ${copy.light}`).toBeLessThanOrEqual(BALD_MAX);
        }
      }
    },
    T,
  );

  it(
    'leaves the hair of dark-skinned men with full hairlines to the mask, as taken and in dim light',
    async (ctx) => {
      const photos = [
        new Uint8Array(await namedPhoto(ctx, 'portrait-full-dark')),
        // a second dark-skinned man with a full hairline (skin tone labelled by eye, scripts/analysis/data/skin-tone-labels.csv)
        ...(await datasetPhotos(ctx, { set: 'portraits/men', label: 1, count: 29, longestSide: 640 }))
          .filter((p) => p.file === '6dbd7130a532.jpg')
          .map((p) => new Uint8Array(p.bytes)),
      ];
      expect(photos).toHaveLength(2);
      for (const bytes of photos) {
        for (const copy of [{ light: 'as taken', bytes }, ...(await dimCopies(bytes))]) {
          const measured = await measurePhoto(await decodePhoto(copy.bytes), deps);
          expect(measured.view, copy.light).toBe('front');
          expect(measured.skinGuard, copy.light).toMatchObject({ onHead: 0, beyondHead: 0 });
        }
      }
    },
    T,
  );
});
