/**
 * The wire shapes of the API, validated on both sides. zod/mini (functional API, tree-shakes) rather than classic zod,
 * which adds ~440 KB to every Lambda bundle; the schemas still have .parse()/.safeParse() and work with z.infer.
 */
import * as z from 'zod/mini';
import { HAIRLINE_AGES, METRIC_WORDS, RATING_LABELS, YEARS_UNTIL_BALD } from './scoring.ts';
import { birthYearRule, isValidBirthYear } from './birth-year.ts';
import { ExportedReminderSchema } from './reminders.ts';
import {
  PERSON_NAME_MAX,
  PERSON_NAME_PATTERN,
  PERSON_NAME_RULE,
  USERNAME_MAX,
  USERNAME_PATTERN,
  USERNAME_RULE,
} from './names.ts';

export const MetricWordSchema = z.enum(METRIC_WORDS);

export const PHOTO_VIEWS = ['front', 'bowed', 'top'] as const;
export type PhotoView = (typeof PHOTO_VIEWS)[number];

/**
 * What the user said the analysed (single or face) photo is of, by where they took or put it: 'hairline' (the face
 * photo slot, the camera's Hairline mode: from the front or with the head bowed) or 'crown' (the Crown mode: the top of
 * the head alone). The engine cannot always tell a bowed head whose face it misses from a crown photo; this can.
 */
export const PHOTO_SUBJECTS = ['hairline', 'crown'] as const;
export type PhotoSubject = (typeof PHOTO_SUBJECTS)[number];
/** POST /api/analyze-hairline's optional `photoOf` field (absent from older clients: the engine's view alone names it) */
export const PhotoSubjectSchema = z.enum(PHOTO_SUBJECTS);

/**
 * The kinds of photo as people take them (shared/view-kinds.ts names them and tells a rating's): the hairline from the
 * front, the hairline from above, the crown. Here, beside the views, as progress names the previous rating's kind.
 */
export const VIEW_KINDS = ['face', 'above', 'crown'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

/**
 * What the engine measured. Front view (a face from the front) and bowed view (the head tipped down to show the
 * hairline from above): lengths in face units, the middle facial third (brow line to the base of the nose), corrected
 * for the pitch on a bowed head. Top view (crown or scalp): only the coverage measurements apply. A measurement of a
 * part the photo does not show is null. Ratings stored before the view existed lack the optional fields.
 */
export const MeasurementsSchema = z.object({
  /** "front" (portrait or selfie), "bowed" (head tipped down, hairline seen from above) or "top" (crown or scalp view) */
  view: z.optional(z.enum(PHOTO_VIEWS)),
  /** front: forehead height at the midline, brow line to hairline, in middle facial thirds (about 0.8 for a full hairline) */
  hairlineHeightRatio: z.nullable(z.number()),
  /** front: how much higher the temple corners sit than the midline hairline, in face units (mean of both sides) */
  templeRecession: z.nullable(z.number()),
  /** front: each temple corner's height against the midline, left and right as seen in the photo */
  templeLeft: z.optional(z.nullable(z.number())),
  templeRight: z.optional(z.nullable(z.number())),
  /** front, bowed: share of bare skin (0..1) in the temple corners, where a full hairline has hair (both sides) */
  templeBareShare: z.optional(z.nullable(z.number())),
  /** share of hair (0..1) in the band just behind the hairline (front) or the ring around the crown (top) */
  frontalCoverage: z.number(),
  /** share of hair (0..1) on the top of the head (front, bowed) or in the central zone of the scalp (top); null when not in the photo */
  topCoverage: z.nullable(z.number()),
  /** share of the head's top that is bare skin (0..1); null when not in the photo */
  bareTopShare: z.optional(z.nullable(z.number())),
  /** strand texture of the hair behind the hairline, 0 (smooth, bare) .. 1 (dense strands) */
  strandTexture: z.optional(z.number()),
  /**
   * front: how far the hair falls beside the face, in face units below the brow line (the chin about 2.2, the shoulders
   * 3.5-4); the hairstyle suggestions keep to it. Absent on other views and on ratings stored before it
   */
  hairLength: z.optional(z.number()),
  faceFound: z.boolean(),
  /** 0..1: how much the engine trusts its own measurements */
  confidence: z.number(),
});
export type Measurements = z.infer<typeof MeasurementsSchema>;

/** An ellipse in fractions of the photo (0..1): centre and half-axes. */
export const EllipseSchema = z.object({ cx: z.number(), cy: z.number(), rx: z.number(), ry: z.number() });

/**
 * How the photo was taken (shared/comparable.ts compares two): the view, the head's pose, the face's (or head's) size
 * relative to the photo, the light and the photo's size, and the outline the guided retake draws over the camera.
 * Ratings stored before it existed lack it.
 */
export const CaptureConditionsSchema = z.object({
  view: z.enum(PHOTO_VIEWS),
  /** degrees, as the face detector reads them; null without a face (a crown photo) */
  pitch: z.nullable(z.number()),
  yaw: z.nullable(z.number()),
  roll: z.nullable(z.number()),
  /** the middle facial third (face) or the head's mean diameter (crown) as a share of the photo's long side */
  size: z.nullable(z.number()),
  /** mean luma (0..255) of the photo */
  brightness: z.number(),
  /** the photo's pixels after the upright decode */
  width: z.int(),
  height: z.int(),
  /** in fractions of the photo: the head, the face (a face photo) and the brows-and-nose line */
  outline: z.object({
    head: z.optional(EllipseSchema),
    face: z.optional(EllipseSchema),
    features: z.optional(z.array(z.object({ x: z.number(), y: z.number() }))),
  }),
});
export type CaptureConditions = z.infer<typeof CaptureConditionsSchema>;

export const CAPTURE_CONDITIONS = ['pitch', 'yaw', 'roll', 'size', 'brightness', 'resolution'] as const;
export type CaptureCondition = (typeof CAPTURE_CONDITIONS)[number];
/** One condition out of tolerance between two ratings: its value now and last time. */
export const ConditionDifferenceSchema = z.object({
  condition: z.enum(CAPTURE_CONDITIONS),
  now: z.number(),
  before: z.number(),
});
export type ConditionDifference = z.infer<typeof ConditionDifferenceSchema>;

/** This rating minus the previous one, per numeric measurement (absent when either rating lacks it). */
export const MetricDeltasSchema = z.partial(
  z.object({
    hairlineHeightRatio: z.number(),
    templeRecession: z.number(),
    frontalCoverage: z.number(),
    topCoverage: z.number(),
    norwoodStage: z.int(),
  }),
);
export type MetricDeltas = z.infer<typeof MetricDeltasSchema>;

/**
 * The change since the user's previous rating of the same view (a front photo against a front photo, a crown photo
 * against a crown photo); computed from stored data. When the user's previous ratings are all of another view there is
 * nothing like to compare with: `previousView` names the view of the newest one and no delta is given.
 */
export const ProgressSchema = z.object({
  previousId: z.string(),
  previousCreatedAt: z.string(),
  /** this score minus the previous score: "+4 since 12 Oct"; absent when the previous rating is of another view */
  scoreDelta: z.optional(z.int()),
  metricDeltas: z.optional(MetricDeltasSchema),
  /** set only when the previous rating is of another view than this one: what it was */
  previousView: z.optional(z.enum(PHOTO_VIEWS)),
  /** with previousView: the kind of photo it was as people take them (shared/view-kinds.ts), for its name */
  previousKind: z.optional(z.enum(VIEW_KINDS)),
  /**
   * false when both ratings have capture conditions and one is out of tolerance (no deltas are given then), true when
   * all are within; absent when either rating was stored before capture conditions were
   */
  comparable: z.optional(z.boolean()),
  /** with comparable false: the conditions out of tolerance */
  differences: z.optional(z.array(ConditionDifferenceSchema)),
});
export type Progress = z.infer<typeof ProgressSchema>;

/**
 * The hairline age in years, from the continuous Norwood estimate and the table of shared/hairline-age.ts (never from
 * the face's apparent age). ownAge and moreHairThanPercent only when the user gave a birth year before the analysis.
 * Ratings stored before it existed lack it.
 */
export const AgeComparisonSchema = z.object({
  /** the continuous Norwood estimate (1..7) the figures come from */
  stageEstimate: z.number(),
  /** the age at which a typical man has this hairline (18 means 18 or younger, 85 means 85 or older) */
  typicalAge: z.int(),
  /** typical years from this hairline to Norwood VI at the population's pace; 0 once there */
  yearsToAdvanced: z.number(),
  /** the user's age in the year of the photo, from the profile's birth year */
  ownAge: z.optional(z.int()),
  /** share (%) of men of ownAge with more hair loss than this hairline */
  moreHairThanPercent: z.optional(z.int()),
});
export type AgeComparison = z.infer<typeof AgeComparisonSchema>;

/**
 * The crown photo of a two-photo analysis (a photo of the top of the head, measured as the 'top' view beside the face
 * photo): its own measurements, Norwood estimate and score, and its thumbnail and overlay. The rating's own score and
 * Norwood stage combine both views (docs/analysis.md, "Two photos"); the crown's own score is the one the crown photo
 * alone would get, so the history's crown line and crown progress compare it with crown photos analysed alone.
 */
export const CrownPartSchema = z.object({
  /** the crown photo's measurements (view 'top') */
  measurements: MeasurementsSchema,
  /** how the crown photo was taken (absent on ratings stored before it was kept) */
  captureConditions: z.optional(CaptureConditionsSchema),
  /** the crown photo's own Norwood estimate, 1..7 (the rating's norwoodStage combines both photos) */
  norwoodStage: z.int().check(z.minimum(1), z.maximum(7)),
  /**
   * the crown photo's own score, as a crown photo analysed alone gets it from its own estimate (its label is the score's
   * band); absent on ratings stored before it was kept
   */
  score: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
  /** the continuous Norwood estimates of each photo alone, which the rating's estimate combines */
  stageEstimate: z.number(),
  faceStageEstimate: z.number(),
  /** JPEG thumbnail of the crown photo, base64 (absent in lists and on shares without the photo) */
  imageBase64: z.optional(z.string()),
  /** JPEG of the crown photo with the measured zones drawn on it, base64 */
  overlayBase64: z.optional(z.string()),
  /**
   * analyze and GET /api/ratings/{id}: the crown's change since the user's previous crown photo, alone or beside a face
   * photo (its score when both have one, coverage and its own Norwood stage), null when there is none; absent in lists
   */
  progress: z.optional(z.nullable(ProgressSchema)),
});
export type CrownPart = z.infer<typeof CrownPartSchema>;

/**
 * Whose photo a rating shows, for progress (shared/face-identity.ts): 'you' joins the user's progress, 'someone-else'
 * never does (the compare path is theirs), 'unconfirmed' waits for the owner's answer to "Is this you?". Ratings stored
 * before it was asked lack it and count as the owner's.
 */
export const RATING_IDENTITIES = ['you', 'someone-else', 'unconfirmed'] as const;
export type RatingIdentity = (typeof RATING_IDENTITIES)[number];

/** PATCH /api/ratings/{id}: the owner's answer to "Is this you?" */
export const IdentityAnswerSchema = z.strictObject({ isYou: z.boolean() });
export type IdentityAnswer = z.infer<typeof IdentityAnswerSchema>;

export const AnalysisResultSchema = z.object({
  id: z.string(),
  score: z.int().check(z.minimum(0), z.maximum(100)),
  rating: z.enum(RATING_LABELS),
  recessionLevel: MetricWordSchema,
  density: MetricWordSchema,
  foreheadSize: MetricWordSchema,
  hairlineAge: z.enum(HAIRLINE_AGES),
  yearsUntilBald: z.enum(YEARS_UNTIL_BALD),
  health: MetricWordSchema,
  commentary: z.string(),
  hairstyleSuggestions: z.array(z.string()).check(z.minLength(3), z.maxLength(5)),
  /** JPEG thumbnail of the analysed photo, base64 */
  imageBase64: z.string(),
  /** JPEG of the photo with the found hairline drawn on it, base64 */
  overlayBase64: z.optional(z.string()),
  norwoodStage: z.int().check(z.minimum(1), z.maximum(7)),
  norwoodConfidence: z.number().check(z.minimum(0), z.maximum(1)),
  measurements: MeasurementsSchema,
  ageComparison: z.optional(AgeComparisonSchema),
  /** how the photo was taken (absent on ratings stored before it was kept) */
  captureConditions: z.optional(CaptureConditionsSchema),
  createdAt: z.string(),
  /** analyze and GET /api/ratings/{id}: the change since the previous rating, null for the first; absent in lists */
  progress: z.optional(z.nullable(ProgressSchema)),
  /** the X-Client-Request-Id of the analyze call that made this rating, when the client sent one */
  clientRequestId: z.optional(z.string()),
  /** present when the analysis had a crown photo beside the face photo */
  crown: z.optional(CrownPartSchema),
  /** what the user said the (face) photo is of (PHOTO_SUBJECTS); absent on ratings stored before it was asked */
  photoOf: z.optional(PhotoSubjectSchema),
  /** whose photo it is, for progress (RATING_IDENTITIES); absent on ratings stored before it was asked: the owner's */
  identity: z.optional(z.enum(RATING_IDENTITIES)),
  /**
   * how `identity` was settled: 'face' when the face matched (or did not match) the owner's earlier photos, 'answer' when
   * the owner answered "Is this you?"
   */
  identityBy: z.optional(z.enum(['face', 'answer'])),
  /** true while a face descriptor is stored with the rating (progress tracking on); the numbers never leave the server */
  faceDescriptorStored: z.optional(z.boolean()),
});
export type AnalysisResult = z.infer<typeof AnalysisResultSchema>;

export const UserProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
  stripeCustomerId: z.nullable(z.string()),
  credits: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastPurchase: z.optional(z.nullable(z.string())),
  lastPurchaseAmount: z.optional(z.nullable(z.number())),
  lastPurchaseCredits: z.optional(z.nullable(z.number())),
  /** optional, only to compare a hairline with men of the same age (shared/birth-year.ts) */
  birthYear: z.optional(z.nullable(z.int())),
  /**
   * progress tracking: a face descriptor is stored with each rating to tell the user's own photos from others' (off by
   * default; turning it off deletes the stored descriptors)
   */
  progressTracking: z.optional(z.boolean()),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** PATCH /api/me. The 400 texts other than the two given here come from zod's English locale (lambdas/http/validate.ts). */
export const ProfilePatchSchema = z
  .partial(
    z.strictObject({
      // z.trim() first: it rewrites the value the length and pattern checks then see
      username: z
        .string()
        .check(z.trim(), z.minLength(1), z.maxLength(USERNAME_MAX), z.regex(USERNAME_PATTERN, USERNAME_RULE)),
      firstName: z.nullable(
        z.string().check(z.trim(), z.maxLength(PERSON_NAME_MAX), z.regex(PERSON_NAME_PATTERN, PERSON_NAME_RULE)),
      ),
      lastName: z.nullable(
        z.string().check(z.trim(), z.maxLength(PERSON_NAME_MAX), z.regex(PERSON_NAME_PATTERN, PERSON_NAME_RULE)),
      ),
      bio: z.nullable(z.string().check(z.trim(), z.maxLength(500))),
      // the bounds move with the calendar, so they are checked when the request is
      birthYear: z.nullable(z.int().check(z.refine((y) => isValidBirthYear(y), { error: () => birthYearRule() }))),
      progressTracking: z.boolean(),
    }),
  )
  .check(z.refine((v) => Object.keys(v).length > 0, 'Nothing to update'));
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

export const CreateCheckoutRequestSchema = z.object({
  packageId: z.string().check(z.minLength(1), z.maxLength(64)),
  ratingId: z.optional(z.nullable(z.string().check(z.maxLength(128)))),
});

/** POST /api/create-checkout-session: where to send the buyer */
export const CheckoutCreatedSchema = z.object({ url: z.string(), sessionId: z.string() });

export const VerifiedSessionSchema = z.object({
  payment_status: z.string(),
  metadata: z.record(z.string(), z.string()),
  amount_total: z.nullable(z.number()),
  line_items: z.unknown(),
  credited: z.boolean(),
  credits: z.int(),
  /** the session's purchase record: the credits it added, and whether it is the buyer's new purchase */
  receipt: z.object({ credits: z.int(), fresh: z.boolean() }),
});
export type VerifiedSession = z.infer<typeof VerifiedSessionSchema>;

export const RatingSummarySchema = z.omit(AnalysisResultSchema, { overlayBase64: true });
export const RatingsPageSchema = z.object({ items: z.array(RatingSummarySchema), nextCursor: z.nullable(z.string()) });

/** POST /api/ratings/{id}/share */
export const ShareRequestSchema = z.strictObject({
  anonymous: z.optional(z.boolean()),
  includePhoto: z.optional(z.boolean()),
});
export type ShareRequest = z.infer<typeof ShareRequestSchema>;
export const ShareCreatedSchema = z.object({
  shareId: z.string(),
  url: z.string(),
  anonymous: z.boolean(),
  includePhoto: z.boolean(),
});
export type ShareCreated = z.infer<typeof ShareCreatedSchema>;

/**
 * The crown photo's key figures on a share (the card and /compare show them): its own Norwood estimate and the hair
 * coverage of the scalp's two zones. Only these, never the face photo's measurements.
 */
export const SharedCrownSchema = z.object({
  /** the crown photo's own Norwood estimate, 1..7 (the share's norwoodStage combines both photos) */
  norwoodStage: z.int().check(z.minimum(1), z.maximum(7)),
  /** share of hair (0..1) in the ring around the crown */
  frontalCoverage: z.number(),
  /** share of hair (0..1) in the central zone, the crown; null when not in the photo */
  topCoverage: z.nullable(z.number()),
});
export type SharedCrown = z.infer<typeof SharedCrownSchema>;

/** GET /api/shares/{shareId}: what anyone with the link sees; never the owner's e-mail or ids. */
export const SharedRatingSchema = z.object({
  shareId: z.string(),
  /** the owner's username, or 'Anonymous' */
  displayName: z.string(),
  score: z.int().check(z.minimum(0), z.maximum(100)),
  rating: z.enum(RATING_LABELS),
  recessionLevel: MetricWordSchema,
  density: MetricWordSchema,
  foreheadSize: MetricWordSchema,
  hairlineAge: z.enum(HAIRLINE_AGES),
  yearsUntilBald: z.enum(YEARS_UNTIL_BALD),
  health: MetricWordSchema,
  norwoodStage: z.int().check(z.minimum(1), z.maximum(7)),
  createdAt: z.string(),
  /** only when the owner chose includePhoto */
  imageBase64: z.optional(z.string()),
  overlayBase64: z.optional(z.string()),
  /** true when the rating had a crown photo beside the face photo (its score and stage use both) */
  crownMeasured: z.optional(z.boolean()),
  /** with crownMeasured: the crown photo's key figures (absent on shares read before they were added) */
  crown: z.optional(SharedCrownSchema),
  /** the crown photo's thumbnail and overlay, only when the owner chose includePhoto */
  crownImageBase64: z.optional(z.string()),
  crownOverlayBase64: z.optional(z.string()),
});
export type SharedRating = z.infer<typeof SharedRatingSchema>;

/** One Checkout Session of the purchase ledger, as recorded on the profile. */
export const PurchaseSchema = z.object({
  sessionId: z.string(),
  credits: z.nullable(z.int()),
  amountTotal: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  at: z.nullable(z.string()),
  /** the ledger's state, only once Stripe reported the payment refunded or disputed (docs/api.md, "The purchase ledger") */
  state: z.optional(z.enum(['completed', 'partially-refunded', 'refunded', 'disputed', 'refunded-before-completion'])),
  /** what Stripe says is refunded so far (smallest currency unit) */
  amountRefunded: z.optional(z.number()),
  dispute: z.optional(z.object({ id: z.string(), status: z.string() })),
  /** the unspent credits taken back for it (a late completion's withheld credits included) */
  creditsTaken: z.optional(z.int()),
  /** credits it lost that had been spent on analyses already (they stay spent) */
  creditsSpent: z.optional(z.int()),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

/** GET /api/me/export: everything stored about the caller. */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  profile: UserProfileSchema,
  purchases: z.array(PurchaseSchema),
  ratings: z.array(
    z.extend(z.omit(RatingSummarySchema, { imageBase64: true, progress: true }), {
      /** the thumbnail, unless imagesIncluded is false (too many ratings for one response) */
      imageBase64: z.optional(z.string()),
      shareId: z.nullable(z.string()),
    }),
  ),
  imagesIncluded: z.boolean(),
  /** the retake reminder (shared/reminders.ts), null when off */
  reminder: ExportedReminderSchema,
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

/** What the web app reads at start from /runtime-config.json: one build runs locally and behind CloudFront. */
export const RuntimeConfigSchema = z.object({
  apiBase: z.string(),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** local only: cognito-local's endpoint; absent in AWS */
  cognitoEndpoint: z.optional(z.string()),
  /** USER_PASSWORD_AUTH locally (cognito-local has no SRP), USER_SRP_AUTH in AWS */
  authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  googleEnabled: z.boolean(),
  oauthDomain: z.optional(z.string()),
  stripePublishableKey: z.optional(z.string()),
  analyticsId: z.optional(z.string()),
  contactEmail: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

/** A credit pack as sold and as GET /api/packages answers it (shared/packages.ts holds the packs). */
export const CreditPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** price in cents (USD) */
  price: z.int(),
  /** the crossed-out list price in cents */
  listPrice: z.int(),
  discountLabel: z.string(),
  numRatings: z.int(),
  popular: z.boolean(),
  features: z.readonly(z.array(z.string())),
});
export const PackagesSchema = z.readonly(z.array(CreditPackageSchema));

/** POST /api/upload: the id an analyze call names the photo by */
export const UploadCreatedSchema = z.object({ id: z.string() });

/** POST /api/stripe-webhook: an acknowledgment, with what the event did (docs/api.md) */
export const WebhookAnswerSchema = z.looseObject({ received: z.literal(true) });
