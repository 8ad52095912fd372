/**
 * The measured accuracy of the analysis, as `npm run eval:hairline -- --summary-json <file>` writes it and the public
 * /accuracy page shows it. The committed copy is `shared/accuracy-summary.json`; nothing on the page is typed by hand.
 */
import * as z from 'zod/mini';

export const StageMeanSchema = z.object({
  stage: z.int(),
  /** photos of this stage that were scored (not refused) */
  n: z.int(),
  meanScore: z.number(),
});

export const LabelledSetSummarySchema = z.object({
  /** the dataset folder, e.g. "portraits/men" */
  id: z.string(),
  /** what the photos show, in a sentence for the page */
  description: z.string(),
  /** what the labels mean, e.g. "1 full hairline … 4 bald on top" */
  scale: z.string(),
  photos: z.int(),
  /** share of the photos the engine refused (0..1) */
  refusedShare: z.number(),
  /** photos per detected view */
  views: z.object({ front: z.int(), top: z.int() }),
  /** Spearman rank correlation of score with the label (negative: more loss, lower score); null when one label only */
  spearman: z.nullable(z.number()),
  /** the same, for scores refitted in grouped 5-fold cross-validation (copies of one photo in one fold); null when not run */
  groupedCvSpearman: z.nullable(z.number()),
  /** AUC of the lowest against the highest label (probability the lower stage scores higher); null with one label */
  auc: z.nullable(z.number()),
  meanScoreByStage: z.array(StageMeanSchema),
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
