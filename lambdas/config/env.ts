/**
 * The environment every handler reads once per cold start. The CDK stack and the local stack set the same names;
 * the *_ENDPOINT / STRIPE_API_URL entries exist only locally and point the SDKs at the local stand-ins.
 */
import { en } from 'zod/locales';
import * as z from 'zod/mini';

// zod/mini loads no locale: the English one (~3 KB) keeps a misconfiguration's cold-start error readable (see http/validate.ts)
z.config(en());

const EnvSchema = z.object({
  AWS_REGION: z._default(z.string(), 'us-east-1'),
  USERS_TABLE: z._default(z.string(), 'users'),
  RATINGS_TABLE: z._default(z.string(), 'ratings'),
  UPLOADS_TABLE: z._default(z.string(), 'uploads'),
  SHARES_TABLE: z._default(z.string(), 'shares'),
  REMINDERS_TABLE: z._default(z.string(), 'reminders'),
  /** the HMAC key of the reminder e-mails' unsubscribe tokens (the sender signs, the unsubscribe route checks) */
  REMINDER_TOKEN_SECRET: z.optional(z.string()),
  /** the reminder e-mails' sender, an address verified in SES */
  REMINDER_FROM_EMAIL: z._default(z.string(), 'reminders@example.com'),
  /** local only: the SES emulator */
  SES_ENDPOINT: z.optional(z.string()),
  /** local only: DynamoDB Local */
  DYNAMODB_ENDPOINT: z.optional(z.string()),
  COGNITO_USER_POOL_ID: z._default(z.string(), ''),
  /** local only: cognito-local */
  COGNITO_ENDPOINT: z.optional(z.string()),
  /** Stripe secret key given directly (local emulator or a test-mode key) ... */
  STRIPE_SECRET_KEY: z.optional(z.string()),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string()),
  /** ... or, in AWS, a Secrets Manager secret holding {"secretKey":"sk_...","webhookSecret":"whsec_..."} read at cold start */
  STRIPE_SECRET_ARN: z.optional(z.string()),
  /** local only: the Stripe emulator's base URL; absent = api.stripe.com */
  STRIPE_API_URL: z.optional(z.string()),
  /** where Checkout returns to: the site's origin */
  SITE_URL: z._default(z.string(), 'http://127.0.0.1:5173'),
  /** 'local' = in-process face model, 'rekognition' = AWS Rekognition DetectFaces */
  AGE_ESTIMATOR: z._default(z.enum(['local', 'rekognition']), 'local'),
  /** uploads accepted per client IP per minute */
  UPLOAD_RATE_LIMIT: z._default(z.coerce.number().check(z.int(), z.positive()), 20),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (source === process.env && cached) return cached;
  const env = EnvSchema.parse(source);
  if (source === process.env) cached = env;
  return env;
}
