/** A stored rating in the API's shape (AnalysisResult): images as base64, the overlay and the crown's images only when asked. */
import type { AnalysisResult, CrownPart } from '#shared/schemas.ts';
import { asBytes } from './bytes.ts';
import type { CrownItem, RatingItem } from './rating-item.ts';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** The crown part's wire shape; its images only when asked (a rating's page, not lists). */
export function toCrownPart(crown: CrownItem, opts: { withImages: boolean }): CrownPart {
  const thumb = asBytes(crown.thumbnail);
  const overlay = asBytes(crown.overlay);
  return {
    measurements: crown.measurements,
    norwoodStage: crown.norwoodStage,
    ...(typeof crown.score === 'number' ? { score: crown.score } : {}),
    stageEstimate: crown.stageEstimate,
    faceStageEstimate: crown.faceStageEstimate,
    ...(crown.captureConditions ? { captureConditions: crown.captureConditions } : {}),
    ...(opts.withImages && thumb ? { imageBase64: b64(thumb) } : {}),
    ...(opts.withImages && overlay ? { overlayBase64: b64(overlay) } : {}),
  };
}

/** Item → AnalysisResult (overlay, and the crown photo's images, only when asked and present). */
export function toResult(item: RatingItem, opts: { withOverlay: boolean }): AnalysisResult {
  const thumb = asBytes(item.thumbnail) ?? new Uint8Array();
  const overlay = asBytes(item.overlay);
  return {
    id: item.id,
    score: item.score,
    rating: item.rating,
    recessionLevel: item.recessionLevel,
    density: item.density,
    foreheadSize: item.foreheadSize,
    hairlineAge: item.hairlineAge,
    yearsUntilBald: item.yearsUntilBald,
    health: item.health,
    commentary: item.commentary,
    hairstyleSuggestions: item.hairstyleSuggestions,
    imageBase64: b64(thumb),
    ...(opts.withOverlay && overlay ? { overlayBase64: b64(overlay) } : {}),
    norwoodStage: item.norwoodStage,
    norwoodConfidence: item.norwoodConfidence,
    measurements: item.measurements,
    ...(item.ageComparison ? { ageComparison: item.ageComparison } : {}),
    ...(item.captureConditions ? { captureConditions: item.captureConditions } : {}),
    createdAt: item.createdAt,
    ...(item.clientRequestId ? { clientRequestId: item.clientRequestId } : {}),
    ...(item.crown ? { crown: toCrownPart(item.crown, { withImages: opts.withOverlay }) } : {}),
    ...(item.photoOf ? { photoOf: item.photoOf } : {}),
    ...(item.identity ? { identity: item.identity } : {}),
    ...(item.identityBy ? { identityBy: item.identityBy } : {}),
    // the descriptor's numbers never leave the server: only whether one is stored
    faceDescriptorStored: asBytes(item.faceDescriptor) !== undefined,
  };
}
