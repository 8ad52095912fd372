/**
 * The engine's own tuning constants that are not fitted (the fitted ones are in fitted-params.json, the capture rules
 * the camera shares in shared/capture-rules.ts). Each was set by looking at the dev photos and synthetic non-heads; the
 * figures behind each are in docs/analysis.md.
 */

/** Is there a head in a photo without a face (head-presence.ts). */
export const HEAD_PRESENCE = {
  /**
   * share of the photo the person or hair model claims. Non-heads (noise, blurred noise, walls, gradients, a drawn
   * landscape, plain ellipses) measured 0.000-0.003; the dev photos' lowest were bald scalps close up at 0.012-0.04
   * (those are caught by the bare-scalp test), every other dev photo 0.10 or more.
   */
  minMaskShare: 0.05,
  /** share of the central ellipse that is smooth and skin-coloured: a bald scalp filling the frame */
  minBareScalpShare: 0.3,
  /** below this luma texture a pixel is smooth (bare scalp, skin) */
  smoothTexture: 0.1,
  /** neighbouring pixels of a photo differ by a few levels even in curly hair; in random noise by dozens */
  maxNeighbourDiff: 25,
  /** luma spread below which the image is flat (a wall, a lens cap) */
  minLumaSd: 10,
} as const;
