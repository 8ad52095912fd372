/**
 * The environment every handler reads once per cold start. The CDK stack and the local stack set the same names;
 * the *_ENDPOINT / STRIPE_API_URL entries exist only locally and point the SDKs at the local stand-ins.
 */
import { z } from 'zod';

const EnvSchema = z.object({
  AWS_REGION: z.string().default('us-east-1'),
  USERS_TABLE: z.string().default('users'),
  RATINGS_TABLE: z.string().default('ratings'),
  UPLOADS_TABLE: z.string().default('uploads'),
  SHARES_TABLE: z.string().default('shares'),
  /** local only: DynamoDB Local */
  DYNAMODB_ENDPOINT: z.string().optional(),
  COGNITO_USER_POOL_ID: z.string().default(''),
  /** local only: cognito-local */
  COGNITO_ENDPOINT: z.string().optional(),
  /** Stripe secret key given directly (local emulator or a test-mode key) ... */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** ... or, in AWS, a Secrets Manager secret holding {"secretKey":"sk_...","webhookSecret":"whsec_..."} read at cold start */
  STRIPE_SECRET_ARN: z.string().optional(),
  /** local only: the Stripe emulator's base URL; absent = api.stripe.com */
  STRIPE_API_URL: z.string().optional(),
  /** where Checkout returns to: the site's origin */
  SITE_URL: z.string().default('http://127.0.0.1:5173'),
  /** 'local' = in-process face model, 'rekognition' = AWS Rekognition DetectFaces */
  FACE_DETECTOR: z.enum(['local', 'rekognition']).default('local'),
  /** uploads accepted per client IP per minute */
  UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(20),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (source === process.env && cached) return cached;
  const env = EnvSchema.parse(source);
  if (source === process.env) cached = env;
  return env;
}
