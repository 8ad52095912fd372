/**
 * The measured accuracy of the analysis, as `npm run eval:hairline -- --summary-json <file>` writes it and the public
 * /accuracy page shows it. The committed copy is `shared/accuracy-summary.json`; nothing on the page is typed by hand.
 */
import * as z from 'zod/mini';

export const StageMeanSchema = z.object({
  stage: z.int(),
  /** photos of this stage that were scored (not refused) */
  n: z.int(),
  /** mean held-out score of those photos */
  meanScore: z.number(),
});

export const AdjacentAucSchema = z.object({
  lower: z.int(),
  higher: z.int(),
  /** probability that a photo of the lower stage scores higher than one of the higher stage (ties count half) */
  auc: z.number(),
});

/**
 * Figures on photos the scoring never saw: for the dev folders the fit is made on, each photo is scored by a model
 * refitted without it and without any copy of it (grouped 5-fold cross-validation: mirrored, turned or brightened copies
 * of one photo always fall in the same fold); for any other folder, by the committed model, which never saw it.
 */
export const HeldOutSchema = z.object({
  /** Spearman rank correlation of the score with the label (negative: more loss, lower score) */
  spearman: z.number(),
  /** its 95 % bootstrap interval (distinct photos resampled) */
  spearmanLow: z.number(),
  spearmanHigh: z.number(),
  /**
   * the rho a perfect score would read on the same labels: photos of one label tie in the label, never in such a score,
   * so a set with most photos on one label cannot reach −1
   */
  spearmanCeiling: z.number(),
  /**
   * rho on as many photos of each label as the rarest label has, drawn at random 1,000 times: the median and its 95 %
   * range, and how many photos of each label a draw holds. Comparable across sets whatever their label mix.
   */
  balancedSpearman: z.object({ median: z.number(), low: z.number(), high: z.number(), perLabel: z.int() }),
  /** of every two scored photos with different labels, the share the score orders right (1 perfect, 0.5 chance) */
  concordance: z.number(),
  /** AUC of the lowest against the highest label */
  auc: z.number(),
  adjacentAuc: z.array(AdjacentAucSchema),
});

/** The held-out figures of one group of a set's photos: the scored photos of one view, or of one skin-tone group. */
export const GroupFiguresSchema = z.object({
  /** "front", "bowed", "top"; or "light", "medium", "dark" */
  group: z.string(),
  /** photos of the group, and how many of them were refused */
  photos: z.int(),
  refused: z.int(),
  /** held-out Spearman rho of the scored photos; null with fewer than 8 photos or a single label */
  spearman: z.nullable(z.number()),
  /** mean held-out score of the group's photos of the set's highest label (bald or shaved); null when it has none */
  highestLabelMeanScore: z.nullable(z.number()),
});
export type GroupFigures = z.infer<typeof GroupFiguresSchema>;

/**
 * The set's photos read from above (bowed and top views), each turned by a quarter, a half and three quarters and
 * scored held out: a crown photo has no "up", so its score should not depend on which way the phone was held.
 */
export const TurnedFiguresSchema = z.object({
  /** turned copies scored (a turn the engine refuses or reads as a front face is left out) */
  copies: z.int(),
  /** Spearman rho of the copies' held-out scores with the label */
  spearman: z.number(),
  /** median and 90th-percentile absolute score change of a copy against the photo as taken */
  medianChange: z.number(),
  p90Change: z.number(),
});

/**
 * The set's photos read from above with darker, browner skin and light (the whole photo darkened and browned, a rough
 * stand-in for darker skin), scored held out: skin colour must never count as hair.
 */
export const DarkerFiguresSchema = z.object({
  /** darker copies scored (one the engine refuses or reads as a front face is left out) */
  copies: z.int(),
  /** Spearman rho of the copies' held-out scores with the label */
  spearman: z.number(),
  /** mean score change of a copy against the photo as taken (positive: darker scores higher), all and the highest label's */
  meanChange: z.number(),
  highestLabelChange: z.nullable(z.number()),
});

/** The Norwood stage a result shows, held out, against the stages the photo's label covers (a group's 4.5 is 4-5). */
export const StageAgreementSchema = z.object({
  /** scored photos */
  photos: z.int(),
  /** share whose shown stage is one the label covers, and at most one stage from them */
  matched: z.number(),
  withinOne: z.number(),
  /** the best share one stage shown for every photo would match */
  baseline: z.number(),
  /** the labels that cover other Norwood stages than their own number, e.g. { label: 3, stages: "4-5" } */
  labels: z.array(z.object({ label: z.number(), stages: z.string() })),
});
export type StageAgreement = z.infer<typeof StageAgreementSchema>;

/**
 * How well each of the six metric words a result shows follows the labels, held out: Spearman ρ between the word's
 * points on the result's chart and the label (−1: the word worsens with every label); null where the word never changes.
 */
export const MetricWordsAgreementSchema = z.object({
  recessionLevel: z.nullable(z.number()),
  density: z.nullable(z.number()),
  foreheadSize: z.nullable(z.number()),
  hairlineAge: z.nullable(z.number()),
  yearsUntilBald: z.nullable(z.number()),
  health: z.nullable(z.number()),
});
export type MetricWordsAgreement = z.infer<typeof MetricWordsAgreementSchema>;

export const LabelledSetSummarySchema = z.object({
  /** the dataset folder, e.g. "portraits/men" */
  id: z.string(),
  /** what the photos show, in a sentence for the page */
  description: z.string(),
  /** what the labels mean, e.g. "1 full hairline … 4 bald on top" */
  scale: z.string(),
  /** files in the folder, and distinct photos among them (near-duplicate copies counted once) */
  photos: z.int(),
  distinctPhotos: z.int(),
  /** share of the photos the engine refused (0..1) */
  refusedShare: z.number(),
  /** the photos refused, by the refusal's code (e.g. `no_colour`: a face photo in black and white), most first */
  refusedBy: z.array(z.object({ code: z.string(), photos: z.int() })),
  /** scored photos per view */
  views: z.object({ front: z.int(), bowed: z.int(), top: z.int() }),
  /** scored photos in which a face was found */
  facesFound: z.int(),
  /** how the held-out figures were made: "grouped-cv" (a dev folder the fit is made on) or "unseen" (a folder it never saw) */
  heldOutBy: z.enum(['grouped-cv', 'unseen']),
  /** null when the set has a single label (no ranking to measure) */
  heldOut: z.nullable(HeldOutSchema),
  meanScoreByStage: z.array(StageMeanSchema),
  /** null when no photo was scored */
  shownStage: z.nullable(StageAgreementSchema),
  /** null when the set has a single label (nothing to follow) */
  metricWords: z.nullable(MetricWordsAgreementSchema),
  /** the same figures per view the engine read */
  byView: z.array(GroupFiguresSchema),
  /** per skin-tone group, where the set's photos carry a skin-tone label (scripts/analysis/data/skin-tone-labels.csv) */
  bySkinTone: z.array(GroupFiguresSchema),
  /** absent for a set with no view from above (its views are all front) */
  turned: z.optional(TurnedFiguresSchema),
  /** absent for a set with no view from above */
  darker: z.optional(DarkerFiguresSchema),
});
export type LabelledSetSummary = z.infer<typeof LabelledSetSummarySchema>;

export const StabilityEntrySchema = z.object({
  /** e.g. "resize 50%", "JPEG quality 70", "brightness +15%", "mirror", "rotate +10°" */
  transform: z.string(),
  /** median absolute score change against the original photo */
  medianChange: z.number(),
  photos: z.int(),
});

export const AccuracySummarySchema = z.object({
  /** ISO date (YYYY-MM-DD) the figures were measured */
  measuredOn: z.string(),
  /** git commit (short hash) of the code that measured them */
  codeVersion: z.string(),
  sets: z.array(LabelledSetSummarySchema),
  stability: z.array(StabilityEntrySchema),
});
export type AccuracySummary = z.infer<typeof AccuracySummarySchema>;
