/** The wire shapes of the API, validated on both sides. */
import { z } from 'zod';
import { HAIRLINE_AGES, METRIC_WORDS, RATING_LABELS, YEARS_UNTIL_BALD } from './scoring.ts';

export const MetricWordSchema = z.enum(METRIC_WORDS);

export const MeasurementsSchema = z.object({
  /** hairline height above the brows relative to face height (facial thirds), or to image height without a face */
  hairlineHeightRatio: z.number(),
  /** how much higher the temples sit than the midline, relative to face width (0 = straight line) */
  templeRecession: z.number(),
  /** share of hair pixels in the frontal zone and the top zone (0..1) */
  frontalCoverage: z.number(),
  topCoverage: z.number(),
  faceFound: z.boolean(),
  /** 0..1: how much the engine trusts its own measurements */
  confidence: z.number(),
});
export type Measurements = z.infer<typeof MeasurementsSchema>;

/** This rating minus the previous one, per numeric measurement (absent when either rating lacks it). */
export const MetricDeltasSchema = z
  .object({
    hairlineHeightRatio: z.number(),
    templeRecession: z.number(),
    frontalCoverage: z.number(),
    topCoverage: z.number(),
    norwoodStage: z.number().int(),
  })
  .partial();
export type MetricDeltas = z.infer<typeof MetricDeltasSchema>;

/** The change since the user's previous rating (the newest one created before this one); computed from stored data. */
export const ProgressSchema = z.object({
  previousId: z.string(),
  previousCreatedAt: z.string(),
  /** this score minus the previous score: "+4 since 12 Oct" */
  scoreDelta: z.number().int(),
  metricDeltas: MetricDeltasSchema.optional(),
});
export type Progress = z.infer<typeof ProgressSchema>;

export const AnalysisResultSchema = z.object({
  id: z.string(),
  score: z.number().int().min(0).max(100),
  rating: z.enum(RATING_LABELS),
  recessionLevel: MetricWordSchema,
  density: MetricWordSchema,
  foreheadSize: MetricWordSchema,
  hairlineAge: z.enum(HAIRLINE_AGES),
  yearsUntilBald: z.enum(YEARS_UNTIL_BALD),
  health: MetricWordSchema,
  commentary: z.string(),
  hairstyleSuggestions: z.array(z.string()).min(3).max(5),
  /** JPEG thumbnail of the analysed photo, base64 */
  imageBase64: z.string(),
  /** JPEG of the photo with the found hairline drawn on it, base64 */
  overlayBase64: z.string().optional(),
  norwoodStage: z.number().int().min(1).max(7),
  norwoodConfidence: z.number().min(0).max(1),
  measurements: MeasurementsSchema,
  createdAt: z.string(),
  /** analyze and GET /api/ratings/{id}: the change since the previous rating, null for the first; absent in lists */
  progress: ProgressSchema.nullable().optional(),
});
export type AnalysisResult = z.infer<typeof AnalysisResultSchema>;

export const PackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  listPrice: z.number().int(),
  discountLabel: z.string(),
  numRatings: z.number().int(),
  popular: z.boolean(),
  features: z.array(z.string()),
});

export const UserProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  credits: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastPurchase: z.string().nullable().optional(),
  lastPurchaseAmount: z.number().nullable().optional(),
  lastPurchaseCredits: z.number().nullable().optional(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const ProfilePatchSchema = z
  .object({
    username: z.string().trim().min(1).max(40).regex(/^[\p{L}\p{N}_.\- ]+$/u, 'Username may hold letters, digits, spaces, _ . -'),
    firstName: z.string().trim().max(60).nullable(),
    lastName: z.string().trim().max(60).nullable(),
    bio: z.string().trim().max(500).nullable(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

export const CreateCheckoutRequestSchema = z.object({
  packageId: z.string().min(1).max(64),
  ratingId: z.string().max(128).nullable().optional(),
});

export const CheckoutSessionResponseSchema = z.object({ url: z.string(), sessionId: z.string() });

export const VerifiedSessionSchema = z.object({
  payment_status: z.string(),
  metadata: z.record(z.string(), z.string()),
  amount_total: z.number().nullable(),
  line_items: z.unknown(),
  credited: z.boolean(),
  credits: z.number().int(),
});
export type VerifiedSession = z.infer<typeof VerifiedSessionSchema>;

export const RatingSummarySchema = AnalysisResultSchema.omit({ overlayBase64: true });
export const RatingsPageSchema = z.object({ items: z.array(RatingSummarySchema), nextCursor: z.string().nullable() });

export const UploadResponseSchema = z.object({ id: z.string() });

/** POST /api/ratings/{id}/share */
export const ShareRequestSchema = z.object({ anonymous: z.boolean().optional(), includePhoto: z.boolean().optional() }).strict();
export type ShareRequest = z.infer<typeof ShareRequestSchema>;
export const ShareCreatedSchema = z.object({ shareId: z.string(), url: z.string(), anonymous: z.boolean(), includePhoto: z.boolean() });
export type ShareCreated = z.infer<typeof ShareCreatedSchema>;

/** GET /api/shares/{shareId}: what anyone with the link sees; never the owner's e-mail or ids. */
export const SharedRatingSchema = z.object({
  shareId: z.string(),
  /** the owner's username, or 'Anonymous' */
  displayName: z.string(),
  score: z.number().int().min(0).max(100),
  rating: z.enum(RATING_LABELS),
  recessionLevel: MetricWordSchema,
  density: MetricWordSchema,
  foreheadSize: MetricWordSchema,
  hairlineAge: z.enum(HAIRLINE_AGES),
  yearsUntilBald: z.enum(YEARS_UNTIL_BALD),
  health: MetricWordSchema,
  norwoodStage: z.number().int().min(1).max(7),
  createdAt: z.string(),
  /** only when the owner chose includePhoto */
  imageBase64: z.string().optional(),
  overlayBase64: z.string().optional(),
});
export type SharedRating = z.infer<typeof SharedRatingSchema>;

/** One fulfilled Checkout Session, as recorded on the profile. */
export const PurchaseSchema = z.object({
  sessionId: z.string(),
  credits: z.number().int().nullable(),
  amountTotal: z.number().nullable(),
  currency: z.string().nullable(),
  at: z.string().nullable(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

/** GET /api/me/export: everything stored about the caller. */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  profile: UserProfileSchema,
  purchases: z.array(PurchaseSchema),
  ratings: z.array(
    RatingSummarySchema.omit({ imageBase64: true, progress: true }).extend({
      /** the thumbnail, unless imagesIncluded is false (too many ratings for one response) */
      imageBase64: z.string().optional(),
      shareId: z.string().nullable(),
    }),
  ),
  imagesIncluded: z.boolean(),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

/** What the web app reads at start from /runtime-config.json: one build runs locally and behind CloudFront. */
export const RuntimeConfigSchema = z.object({
  apiBase: z.string(),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** local only: cognito-local's endpoint; absent in AWS */
  cognitoEndpoint: z.string().optional(),
  /** USER_PASSWORD_AUTH locally (cognito-local has no SRP), USER_SRP_AUTH in AWS */
  authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  googleEnabled: z.boolean(),
  oauthDomain: z.string().optional(),
  stripePublishableKey: z.string().optional(),
  analyticsId: z.string().optional(),
  contactEmail: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
