/**
 * The engine's own tuning constants that are not fitted (the fitted ones are in fitted-params.json, the capture rules
 * the camera shares in shared/capture-rules.ts). Each was set by looking at the dev photos and synthetic non-heads; the
 * figures behind each are in docs/analysis.md.
 */

/** the hair model's own decision: hair where its softmax says hair is more likely than not (both views' masks) */
export const HAIR_PROBABILITY = 0.5;

/** Is there a head in a photo without a face (head-presence.ts). */
export const HEAD_PRESENCE = {
  /**
   * share of the photo the person or hair model claims. A head photographed from above fills much of the frame: the
   * dev photos read from above claim 0.39 or more as taken (median 0.78), but six bald close-ups both models miss
   * (0.01-0.11); turned by quarter turns or darker, some 0.11-0.25 (the person model is less sure of a head on its
   * side or upside down). Each of the 1,390 (the 278 as taken, turned three ways and darker) under 0.2 passes the
   * bare-scalp test below. Non-heads: noise, walls, gradients, a drawn landscape 0.000-0.003; 18 photos of animals and
   * scenes (2026-11-28, docs/analysis.md) 0.003-0.64, both models taking fur, a flower or sand for a person or hair.
   */
  minMaskShare: 0.2,
  /**
   * share of the claimed part that is hair or skin-coloured: the dev photos from above 0.18 or more in any turn (a
   * red-lit bald head; 0.34 or more as taken); a red rose the person model claims half of, 0.07-0.11
   */
  minHairOrSkin: 0.12,
  /** share of the central ellipse that is smooth and skin-coloured: a bald scalp filling the frame */
  minBareScalpShare: 0.3,
  /** below this luma texture a pixel is smooth (bare scalp, skin) */
  smoothTexture: 0.1,
  /**
   * A face the detector finds on an animal (a cat's face, an owl: BlazeFace is sure of both) is fur: over the centre of
   * the face's box (FACE_CENTRE) the hair model calls it hair and little of it is skin-coloured. The dev faces (163,
   * as taken and darker): hair 0.16 at most (the hair model leaves beards out), skin 0.51 or more; a cat's face 0.73
   * hair, 0.31 skin; an owl 0.89, 0.07 (2026-11-28, docs/benchmarks-log.md "Hairline analysis v4.13"). Both must hold
   * to refuse.
   */
  minHairOverFace: 0.4,
  maxSkinOverFace: 0.4,
  /** neighbouring pixels of a photo differ by a few levels even in curly hair; in random noise by dozens */
  maxNeighbourDiff: 25,
  /** luma spread below which the image is flat (a wall, a lens cap) */
  minLumaSd: 10,
  /**
   * A bare area is a bald scalp's dome when its outline is this close to a circle's arc (RMS distance over the radius)
   * of at most this radius (over the frame's longer side; a horizon fits a circle without end): above/dome-outline.ts.
   * The dev heads read from above that need the bare-scalp cue (s6-591ad0329dfc, s7-643d380d8a88, s7-79cb30c55816,
   * s7-9116af3eb77e and copies): residual 0.03-0.13, radius 0.37-0.54, as taken and under every stability transform;
   * sand fields, a sunset sea and a burrito: residual 0.28-0.47 (2026-11-28, docs/benchmarks-log.md "Hairline analysis
   * v4.14").
   */
  dome: { maxResidual: 0.2, maxRadius: 1 },
} as const;

/**
 * A face only the tipped-face search found (faces/tipped-face.ts), read by the mesh as tipped down less than
 * TIPPED_PITCH, is taken as a face only when the search scores it this or higher; otherwise the photo is read from
 * above. The search looks for heads bowed towards the camera, and the four dev bowed selfies it found faces in that read
 * as hardly tipped and scored under this were misreads whose hairline the overlay drew on a shirt or a chin: a "face"
 * on the scalp of a head seen from above (s4-57e1a84ed73c 0.64, s4-1d91da288d48 0.66), an upside-down face read as
 * upright (s5-69299bbacb65 0.67), a bald head seen from the side read with its chin as its brow (s7-82daa657a4a8 0.74,
 * pitch −24°). The seven others read as tipped 11-49° (0.68-0.94); portraits turned by a quarter or a half, which only
 * the search finds, read 10-11° at 0.87-0.88. Scores do not move: a bowed and a top view share the model from above.
 */
export const MIN_UNTIPPED_SEARCH_CONFIDENCE = 0.75;

/**
 * A head read from above with the eyes of a face in the frame that the search could not read (a bald head bowed far
 * down: above/scalp-zones.ts): the crown disc stays beyond this many eye spans above the eyes, towards the top of the
 * head. Chosen by eye on the dev top views (2026-11-28): at 0.7 the discs of the 14 bowed selfies that reached over a
 * forehead and 8 of the 9 that lay on a face came onto the scalp; the figures behind it are in docs/analysis.md.
 */
export const FOREHEAD_SPANS = 0.7;

/**
 * The hair mask of a face in a small photo. The whole-photo pass stretches any photo to the model's 512 px, and a photo
 * with less detail than that (a portrait of 260 px, the size official portrait galleries serve) is enlarged into a blur
 * in which the model marks a bald top as hair from rim to rim: the dev portraits shrunk to 260 px read their bald heads
 * as full (3eee38a3952a 28 → 74, 1c8ecb1c9baa 19 → 48). A face photo the 512 pass enlarges more than `maxEnlargement`
 * times (on the geometric mean of its sides) is read from a pass at `side` instead, where the model keeps real hair and
 * leaves a bald top bare. Chosen on the 126 dev portraits shrunk to 340, 260 and 200 px (`eval:hairline`, each size as
 * its own folder, 2026-11-28): ρ −0.872 / −0.872 / −0.854 → −0.890 / −0.890 / −0.885, mean score of the bald level
 * 35.5 / 41.0 / 44.7 → 30.9 / 32.1 / 34.6; at their own size (7 of 126 small enough) −0.894 → −0.895. A pass at the
 * photo's own detail (192-256 px) loses real hair (260 px: ρ −0.752 at 1.0×, −0.844 at 1.3× down to 256 px); 384 only
 * below 1.7× leaves the 340 px portraits as they were (−0.871).
 */
export const SMALL_PHOTO_HAIR = { maxEnlargement: 1.3, side: 384 } as const;

/**
 * Hair on top of a face-on head that the hair mask leaves out: a cell of the top zone with at least this texture (the
 * working map's Sobel magnitude over luma + 24, so by its strands and not its colour) is hair. The model misses braided
 * and tightly coiled hair (the dev portrait 827d807d5677, a braided updo: top coverage shown 0 %). Per cell the mask
 * leaves out on top (2026-11-28): the braids' texture quartiles 0.21 / 0.28 / 0.33; on bald and shaved tops (dark and
 * light skin, stubble, a shiny scalp: 1c8ecb1c9baa, 3eee38a3952a, 7a8da33ae8f8, eb15d060dc27, 043efa7f439e,
 * 67f421e79202, 9054ae4f942d) the 90th percentile 0.012-0.077. Held out on the dev portraits: her top 0 → 0.86 (72 → 84),
 * women's lowest 72 → 75, the bald level's mean unchanged (30.1), its tops at most +0.03.
 */
export const STRAND_TEXTURE = 0.15;

/**
 * A front face whose forehead the engine cannot read (face-view.ts: hair too low, or something neither hair nor skin
 * over it) is refused as too small, not as covered, when its middle third spans fewer of the photo's own pixels than
 * this: at that size the hair model misplaces the hairline itself. The never-seen portraits (2026-12-02,
 * docs/benchmarks-log.md "Hairline analysis v4.19"): three three-quarter-length portraits of 175 × 225 px with heads of
 * 16-20 px per face unit, hairlines in plain view, had the mask's edge 0.5-0.8 face units above the hairline and the
 * hair between read as covering half the forehead; the two with hair truly over the forehead span 35 and 42 px, the one
 * dev portrait refused as covered far more. Only the refusal's words change: "move closer" is what helps there.
 */
export const MIN_READABLE_FACE_UNIT_PX = 24;

/**
 * The skin guard (face-view/skin-guard.ts): what the hair mask calls hair on and above a bare head in dim light, taken
 * back. Set on the dev portraits as taken and on their bald and shaved heads made dim (scripts/analysis/lib/dim-light-copies.ts,
 * 2026-12-03): by texture and brightness alone, the mask's hair on the top of the head reads as the face's skin in 0-27 %
 * of its cells on every portrait with hair as taken (the most: level 3, thin hair over the scalp; levels 1-2 at most
 * 18 %, a man's white hair), and the model is sure of that hair (median probability 0.99-1.00); in the dim copies of
 * bald heads whose scalp it called hair, 45-99 % and 0.6-0.9. A rim of 0.25 face units of hair on the head left every
 * level 1-2 portrait's mask as it was (a few cells of six level-3 portraits went). Figures: docs/analysis.md,
 * BENCHMARKS.md "Dim light".
 */
export const SKIN_GUARD = {
  /** hair beyond the head's outline stays hair only above at least this much hair on the head (face units) */
  rim: 0.25,
  /** a cell as smooth as the face: its texture at most this many times the face's median */
  maxTexture: 1.5,
  /** not much darker than the face (dark hair is: 0.1-0.45 of it on the dev portraits) */
  minRelLuma: 0.6,
  /** a highlight: this much brighter than the face, its colour washed out and not compared */
  highlightRelLuma: 1.15,
  /** the face's chromaticity, within this many of its own spreads */
  maxChromaticity: 3,
  minChromaticitySpread: 0.02,
  /** the top of the head read: this share of the face's half-width either side of the midline */
  halfWidth: 0.7,
  /** the guard decides on at least this many cells of the mask's hair there */
  minCells: 20,
  minSkinLikeShare: 0.45,
  /** real hair is hair to the model beyond doubt: a median probability this high keeps the mask */
  maxHairCertainty: 0.97,
} as const;

/**
 * A face lying on its side is set upright by the quarter turn its roll points to (orientation.ts), unless the copy
 * turned the other way holds a face the general detector is surer of (its face and box scores summed) by more than
 * this. The roll is read half a turn off now and then, as the detectors read an upside-down face as an upright one:
 * a dev bowed selfie turned by a half (s5-74050e8c0075) reads its roll toward the copy holding such a misread "face
 * from the front" (0.84 + 0.91), while its upright copy reads 1.00 + 0.93 (0.18 surer). Upside-down dev portraits are
 * read at most 0.02 surer than the same portrait upright (84c4b9c5c5ab, 90e36d7fa174; 89 of 126 read a face both ways).
 */
export const ORIENTATION_MARGIN = 0.1;

/**
 * Grey and white hair the hair model misses (face-view/grey-hair.ts): a sample of the person is such hair beside its
 * face when it is at least minRelLuma of the face's brightness and at most maxRelChroma of the face's colourfulness;
 * when such samples are minShare of the top of the head the mask leaves bare, the hair model reads a copy with them shown
 * dark (brightness darkFloor + darkGain × (255 − luma)). Set on white-haired copies of the dev portraits and on the
 * dev bald heads as taken and in dim light (docs/analysis.md "Grey and white hair").
 */
export const GREY_HAIR = {
  minRelLuma: 0.7,
  maxRelChroma: 0.4,
  halfWidth: 0.7,
  minShare: 0.35,
  /** the same on a forehead the first read found covered */
  minShareCovered: 0.1,
  darkFloor: 15,
  darkGain: 0.35,
} as const;

/**
 * How far the hair falls beside a face seen from the front (face-view/hair-length.ts), for the hairstyle suggestions:
 * the hair model's hair (HAIR_PROBABILITY) is followed down from the brow line in a band beside the face, from `from`
 * to `to` face units out from the cheekbones, in steps of `step`; a run with no hair longer than `maxGap` ends it, and
 * it is not followed further than `maxBelow` (the chest). `from` passes the ears and a beard, which the mask may mark
 * hair down to the jaw: on the 125 dev men measured (all with short hair) the longest read 1.75 face units from 0.15, 1.42 from
 * 0.35 (a bearded man), while the 11 dev women with hair to the jaw or longer read 1.83-4.25 from 0.35; from 0.5 two
 * of them, their hair behind the shoulders, read 0 and 0.33 (2026-12-03).
 */
export const HAIR_LENGTH = { from: 0.35, to: 1.0, step: 1 / 12, maxGap: 0.35, maxBelow: 6 } as const;
