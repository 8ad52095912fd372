/**
 * Every hair colour (face-view/grey-hair.ts): the dev portraits with their hair gone white, made in memory
 * (scripts/analysis/lib/grey-hair-copies.ts). Without the second read the hair model gives white hair back as a bare
 * head: of the ten medium- and dark-skinned men with full hairlines below, in white two scored "Cooked" and one was
 * refused as a covered forehead (measured at this size, 640 px). A bald head whose fringe goes white is not read again. Skips itself without DATASETS_DIR or the model
 * files. The sweep of every dev portrait in three shades is `npm run check:grey-hair`.
 */
import { describe, expect, it } from 'vitest';
import {
  AnalysisRejectedError,
  analyzeHairline,
  createHairSegmenter,
  createModelDeps,
} from '#lambdas/analysis/index.ts';
import { measurePhoto } from '#lambdas/analysis/engine.ts';
import { decodePhoto } from '#lambdas/analysis/photo/photo.ts';
import { GREY_SHADES, withGreyHair, type HairShade } from '#scripts/analysis/lib/grey-hair-copies.ts';
import { readSkinTones } from '#scripts/analysis/lib/skin-tones.ts';
import { datasetPhotos, eachTestNeedsPhotosAndModels, type DatasetPhoto } from '#test/support/dataset-photos.ts';

eachTestNeedsPhotosAndModels();
const deps = createModelDeps();
const segmenter = createHairSegmenter();
const SILVER = GREY_SHADES.find((s) => s.name === 'silver')!;
const WHITE = GREY_SHADES.find((s) => s.name === 'white')!;
const T = 600_000;

/** each photo's copy with its hair gone `shade`, scored: its score and band, or the refusal's code */
async function readGrey(
  photos: DatasetPhoto[],
  shade: HairShade,
): Promise<Map<string, { score?: number; rating?: string; refused?: string }>> {
  const out = new Map<string, { score?: number; rating?: string; refused?: string }>();
  for (const p of photos) {
    const copy = new Uint8Array(await withGreyHair(new Uint8Array(p.bytes), shade, segmenter));
    try {
      const { score, rating } = await analyzeHairline({ face: copy }, deps);
      out.set(p.file, { score, rating });
    } catch (e) {
      if (!(e instanceof AnalysisRejectedError)) throw e;
      out.set(p.file, { refused: e.code });
    }
  }
  return out;
}

describe('grey and white hair (dev portraits with their hair gone white, in memory)', () => {
  it(
    'reads the silver or white hair of every medium- and dark-skinned dev man with a full hairline: none "Cooked", one refused',
    async (ctx) => {
      const tones = readSkinTones();
      const full = [
        ...(await datasetPhotos(ctx, { set: 'portraits/men', label: 1, count: 29, longestSide: 640 })),
        ...(await datasetPhotos(ctx, { set: 'portraits/men', label: 2, count: 50, longestSide: 640 })),
      ].filter((p) => tones.get(`portraits/men/${p.file}`) !== 'light');
      expect(full).toHaveLength(10);
      for (const shade of [SILVER, WHITE]) {
        const read = await readGrey(full, shade);
        const summary = `${shade.name}: ${[...read].map(([file, r]) => `${file} ${r.refused ?? `${r.score} ${r.rating}`}`).join('; ')}`;
        // still refused as a covered forehead when silver (docs/analysis.md "What it does not read well yet"): read
        // again, the model marks his silver hair at the sides only (before the second read: 0094b2a0a09c and
        // f27666fe8245 too)
        const refused = [...read].filter(
          ([file, r]) => r.refused && !(shade === SILVER && file === '6dbd7130a532.jpg'),
        );
        expect(refused, summary).toEqual([]);
        expect(
          [...read.values()].filter((r) => r.rating === 'Cooked'),
          summary,
        ).toEqual([]);
      }
    },
    T,
  );

  it(
    'does not ask the hair model again on a bald head whose fringe went white: its bare top is the skin’s colour',
    async (ctx) => {
      // every other bald or shaved dev portrait by file name: ten
      const bald = (await datasetPhotos(ctx, { set: 'portraits/men', label: 4, count: 20, longestSide: 640 })).filter(
        (_, i) => i % 2 === 0,
      );
      for (const p of bald) {
        const copy = new Uint8Array(await withGreyHair(new Uint8Array(p.bytes), WHITE, segmenter));
        const measured = await measurePhoto(await decodePhoto(copy), deps);
        expect(measured.greyHair, p.file).toMatchObject({ readAgain: false });
        expect(measured.greyHair!.share, p.file).toBeLessThan(0.2);
      }
    },
    T,
  );
});
