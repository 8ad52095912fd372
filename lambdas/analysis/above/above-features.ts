/**
 * The score inputs of a head seen from above (a bowed head, a crown photo). Bare scalp seen from above fools the hair
 * mask's 0.5 decision and any colour rule; two cues still carry how much hair there is:
 * - the hair model's encoder activations (its bottleneck and its 32×32 stage) pooled per channel over the head's hair
 *   and its bare part (hair-mask/encoder-features.ts), 512 features by name;
 * - the scalp's texture on the head (the person mask's ellipse): luma texture, the share of smooth pixels, smooth
 *   highlights brighter than the head's own skin, fine strand texture. Hair scatters light into edges; bare scalp is
 *   smooth and shines, whatever its colour. Darkness and skin colour are deliberately not among them.
 */
import { WHOLE_PHOTO, headZones, photoFeatures } from './features.ts';
import {
  ENCODER_FEATURE_NAMES,
  hairProbabilityMap,
  poolEncoderOnHead,
  type HairSegmentation,
} from '../hair-mask/index.ts';
import type { NamedFeatures, PersonMask } from '../types.ts';
import type { Photo } from '../photo/photo.ts';
import { scalpMaps } from './scalp-maps.ts';
import { headFromMask } from './scalp-zones.ts';

/** the encoder pooled over the head's hair and its bare part (hair-mask/encoder-features.ts), by name */
function encoderFeatures(hair: HairSegmentation, mask: PersonMask): NamedFeatures {
  const pooled = poolEncoderOnHead(hair.encoder, mask, hairProbabilityMap(hair));
  return Object.fromEntries(ENCODER_FEATURE_NAMES.map((name, k) => [name, pooled[k]!]));
}

/** the scalp texture features, named as the fitted model knows them */
export const SCALP_TEXTURE_FEATURES = ['scalpTexture', 'scalpSmoothShare', 'scalpShine', 'scalpFineTexture'] as const;

export async function scalpTexture(photo: Photo, mask: PersonMask): Promise<NamedFeatures> {
  const head = headFromMask(mask) ?? WHOLE_PHOTO;
  const { maps, fine } = await scalpMaps(photo);
  const { features } = photoFeatures(
    maps,
    headZones(maps.width, maps.height, head),
    fine,
    headZones(fine.width, fine.height, head),
  );
  return {
    scalpTexture: features.texture,
    scalpSmoothShare: features.smoothShare,
    scalpShine: features.shine,
    scalpFineTexture: features.fineTexture,
  };
}

export async function aboveFeatures(photo: Photo, mask: PersonMask, hair: HairSegmentation): Promise<NamedFeatures> {
  return { ...encoderFeatures(hair, mask), ...(await scalpTexture(photo, mask)) };
}
