/**
 * Skin colour must never count as hair, but the hair model's encoder, which the above model reads, is not indifferent
 * to it: the 48 held-out crown photos with darker, browner skin and light (transforms.ts DARKER_SKIN) scored 1.7
 * points more on average, their bald heads 5.8 more (2026-11-29). So the above model also trains on each photo with
 * darker skin and light, as a row of the same target: what darkness alone brings carries no stage. The copy only ever
 * trains; `fit:hairline` and `eval:hairline` report how far it moves the score held out.
 */
import type { AnalysisDeps, NamedFeatures } from '#lambdas/analysis/offline.ts';
import { aboveFeaturesOf } from './copy-features.ts';
import { darker } from './transforms.ts';

/** the above model's features of the photo with darker skin and light; none when the engine refuses it or reads a face */
export async function darkerCopy(bytes: Uint8Array, deps: AnalysisDeps): Promise<NamedFeatures | undefined> {
  return aboveFeaturesOf(new Uint8Array(await darker(bytes)), deps);
}
