/**
 * What a front photo's score reads beside its hairline's measurements: the hair model's encoder at its 32×32 stage, in
 * the pass on the head's own square (head-crop.ts), pooled per channel over the head's hair. The mask calls thin, fine
 * or greying hair hair; the encoder tells it from a full head. Read at the head's scale the model sees a portrait's head
 * as it saw selfies (in the whole photo's pass a head-and-shoulders portrait's hair spans a few cells of the 16×16
 * bottleneck). Grouped CV of the front model on the dev portraits, mean of three fold shuffles (2026-11-28,
 * docs/benchmarks-log.md "Hairline analysis v4.13"): with the whole photo's encoder (both taps) ρ 0.898, AUC level 1 vs
 * 2 0.884; with this 0.905, 0.903 (scripts/analysis/lib/stage-model-fit.ts). Compared at one setting (λ 100, measurements boosted 8):
 * this 0.911, 0.912; its bottleneck as well 0.902, 0.900; ρ with a square of 4.5 face units 0.905, of 7 0.901, the pass
 * at 256 0.901; the person mask left out 0.909, 0.912.
 */
import { ENCODER_FEATURE_NAMES, hairProbabilityMap, poolEncoderOnHead } from '../hair-mask/index.ts';
import type { NamedFeatures, PersonMask, ProbabilityMap } from '../types.ts';
import type { HeadPass, Square } from './head-crop.ts';
import { withoutTakenBack, type HairTakenBack } from './skin-guard.ts';

/** the encoder features of the head pass, by the whole photo's names with this prefix: head_mid_hair_0 … */
const PREFIX = 'head_';
const READ = (name: string) => name.startsWith('mid_hair_');

export const HEAD_ENCODER_FEATURE_NAMES: readonly string[] = ENCODER_FEATURE_NAMES.filter(READ).map(
  (name) => PREFIX + name,
);

/** the head pass's encoder pooled over the head's hair, the person mask (over the working frame) laid on the square */
export function headEncoderFeatures(
  pass: HeadPass,
  person: PersonMask,
  photo: { width: number; height: number },
  takenBack?: HairTakenBack,
): NamedFeatures {
  const { hair, square } = pass;
  const map = hairProbabilityMap(hair);
  const pooled = poolEncoderOnHead(
    hair.encoder,
    personInSquare(person, photo, square, hair.side),
    takenBack
      ? withoutTakenBack(map, takenBack.grid, takenBack.cells, squareToFrame(square, hair.side, photo, takenBack.frame))
      : map,
  );
  const out: NamedFeatures = {};
  ENCODER_FEATURE_NAMES.forEach((name, k) => {
    if (READ(name)) out[PREFIX + name] = pooled[k]!;
  });
  return out;
}

/** a pixel of the square's map (side × side) → the working frame's pixels */
const squareToFrame =
  (square: Square, side: number, photo: { width: number }, frame: { width: number }) => (x: number, y: number) => {
    const k = frame.width / photo.width;
    return { x: (square.left + (x / side) * square.side) * k, y: (square.top + (y / side) * square.side) * k };
  };

/**
 * The person mask resampled onto the square at side × side (nearest cell); the person mask spans the whole photo, so a
 * pixel's place in it is its fraction of the photo. Past the photo's edges (the grey padding), nobody.
 */
export function personInSquare(
  person: PersonMask,
  photo: { width: number; height: number },
  square: Square,
  side: number,
): ProbabilityMap {
  const data = new Float32Array(side * side);
  for (let y = 0; y < side; y++) {
    const my = Math.floor(((square.top + ((y + 0.5) / side) * square.side) / photo.height) * person.height);
    if (my < 0 || my >= person.height) continue;
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(((square.left + ((x + 0.5) / side) * square.side) / photo.width) * person.width);
      if (mx >= 0 && mx < person.width) data[y * side + x] = person.data[my * person.width + mx]!;
    }
  }
  return { data, width: side, height: side };
}
