/**
 * Every route the HTTP API serves: the /api routes and the share pages under /r/. The CDK stack builds one Lambda and
 * one HTTP API route per entry (CloudFront forwards /api/* and /r/* to the API), and the local gateway serves the same list.
 * Each entry is also the route's contract: its path parameters, query, body and answer, read by the server's
 * `handle(route, …)` (lambdas/http/handle.ts) and the web app's `call(route, …)` (web/src/lib/call.ts). docs/api.md
 * shows how a route is added.
 */
import * as z from 'zod/mini';
import { UNSUBSCRIBE_API_PATH } from './reminder-links.ts';
import { ReminderStateSchema } from './reminders.ts';
import {
  AccountExportSchema,
  AnalysisResultSchema,
  CheckoutCreatedSchema,
  CreateCheckoutRequestSchema,
  IdentityAnswerSchema,
  PackagesSchema,
  ProfilePatchSchema,
  RatingsPageSchema,
  ShareCreatedSchema,
  SharedRatingSchema,
  ShareRequestSchema,
  UploadCreatedSchema,
  UserProfileSchema,
  VerifiedSessionSchema,
  WebhookAnswerSchema,
} from './schemas.ts';

/** a zod schema (zod/mini) */
export type Schema = z.core.$ZodType;
/** a JSON body's schema; `multipart` (form data, read by lambdas/http/image-input.ts) or `raw` (the exact bytes) */
export type BodyContract = Schema | 'multipart' | 'raw';
/** a JSON answer's schema; `html` (a page), `png` (an image) or `empty` (204) */
export type ResponseContract = Schema | 'html' | 'png' | 'empty';

const param = z.string().check(z.minLength(1));
const ratingParams = z.object({ id: param });
const shareParams = z.object({ shareId: param });

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RouteDef {
  /** stable name, used for the Lambda's logical id and the local invoker */
  name: string;
  method: HttpMethod;
  /** API Gateway route path, with `{param}` placeholders */
  path: string;
  /** true: a valid Cognito JWT is required (JWT authorizer in AWS, JWKS check locally) */
  auth: boolean;
  /** handler module, relative to the repository root; it exports `handler` */
  handler: string;
  /** sizing for handlers that need more than the default */
  memoryMb?: number;
  timeoutSeconds?: number;
  /**
   * local gateway only: invocations of this route that run at once (default 8); more wait their turn, as Lambda would
   * scale out instead. The CPU-heavy routes get a small limit on a 2-core machine.
   */
  localConcurrency?: number;
  /**
   * API Gateway throttling of this route (requests per second, burst) where the stage default does not fit: the costly
   * routes get less, the Stripe webhook its own room. Each route has its own bucket, so a flood of anonymous uploads
   * never starves the webhook.
   */
  throttle?: { rate: number; burst: number };
  /** the `{param}`s of the path, as an object schema */
  params?: Schema;
  /** the query string, as an object schema of optional strings */
  query?: Schema;
  body?: BodyContract;
  response: ResponseContract;
  /**
   * false: on an `auth` route, the handler gets the caller but the live profile is not ensured first (deleting an
   * account must answer 204 for a deleted one; the export reads the profile itself)
   */
  ensureProfile?: false;
}

export const ROUTES = [
  {
    name: 'packages',
    method: 'GET',
    path: '/api/packages',
    auth: false,
    handler: 'lambdas/handlers/packages.ts',
    response: PackagesSchema,
  },
  {
    name: 'analyzeHairline',
    method: 'POST',
    path: '/api/analyze-hairline',
    auth: true,
    handler: 'lambdas/handlers/analyze-hairline.ts',
    // two full vCPUs (Lambda gives one per 1,769 MB): the masks run on a thread of their own beside the face search
    // (lambdas/analysis/models/model-thread.ts), which at 2048 MB (1.16 vCPU) would share one core with it
    memoryMb: 3584,
    timeoutSeconds: 29,
    localConcurrency: 2,
    throttle: { rate: 10, burst: 20 },
    body: 'multipart',
    response: AnalysisResultSchema,
  },
  {
    name: 'upload',
    method: 'POST',
    path: '/api/upload',
    auth: false,
    handler: 'lambdas/handlers/upload.ts',
    memoryMb: 1024,
    timeoutSeconds: 15,
    localConcurrency: 2,
    throttle: { rate: 5, burst: 10 },
    body: 'multipart',
    response: UploadCreatedSchema,
  },
  {
    name: 'createCheckoutSession',
    method: 'POST',
    path: '/api/create-checkout-session',
    auth: true,
    handler: 'lambdas/handlers/create-checkout-session.ts',
    body: CreateCheckoutRequestSchema,
    response: CheckoutCreatedSchema,
  },
  {
    name: 'verifyCheckoutSession',
    method: 'GET',
    path: '/api/verify-checkout-session',
    auth: true,
    handler: 'lambdas/handlers/verify-checkout-session.ts',
    query: z.object({ session_id: z.optional(z.string()) }),
    response: VerifiedSessionSchema,
  },
  {
    name: 'stripeWebhook',
    method: 'POST',
    path: '/api/stripe-webhook',
    auth: false,
    handler: 'lambdas/handlers/stripe-webhook.ts',
    throttle: { rate: 50, burst: 100 },
    body: 'raw',
    response: WebhookAnswerSchema,
  },
  {
    name: 'getMe',
    method: 'GET',
    path: '/api/me',
    auth: true,
    handler: 'lambdas/handlers/get-me.ts',
    response: UserProfileSchema,
  },
  {
    name: 'patchMe',
    method: 'PATCH',
    path: '/api/me',
    auth: true,
    handler: 'lambdas/handlers/patch-me.ts',
    body: ProfilePatchSchema,
    response: UserProfileSchema,
  },
  {
    name: 'deleteMe',
    method: 'DELETE',
    path: '/api/me',
    auth: true,
    handler: 'lambdas/handlers/delete-me.ts',
    response: 'empty',
    ensureProfile: false,
  },
  {
    name: 'listRatings',
    method: 'GET',
    path: '/api/ratings',
    auth: true,
    handler: 'lambdas/handlers/list-ratings.ts',
    query: z.object({
      limit: z.optional(z.string()),
      cursor: z.optional(z.string()),
      clientRequestId: z.optional(z.string()),
    }),
    response: RatingsPageSchema,
  },
  {
    name: 'getRating',
    method: 'GET',
    path: '/api/ratings/{id}',
    auth: true,
    handler: 'lambdas/handlers/get-rating.ts',
    params: ratingParams,
    response: AnalysisResultSchema,
  },
  {
    // the owner's answer to "Is this you?" (progress only between photos of one person)
    name: 'answerIdentity',
    method: 'PATCH',
    path: '/api/ratings/{id}',
    auth: true,
    handler: 'lambdas/handlers/answer-identity.ts',
    params: ratingParams,
    body: IdentityAnswerSchema,
    response: AnalysisResultSchema,
  },
  {
    name: 'deleteRating',
    method: 'DELETE',
    path: '/api/ratings/{id}',
    auth: true,
    handler: 'lambdas/handlers/delete-rating.ts',
    params: ratingParams,
    response: 'empty',
  },
  {
    name: 'createShare',
    method: 'POST',
    path: '/api/ratings/{id}/share',
    auth: true,
    handler: 'lambdas/handlers/create-share.ts',
    params: ratingParams,
    body: ShareRequestSchema,
    response: ShareCreatedSchema,
  },
  {
    name: 'deleteShare',
    method: 'DELETE',
    path: '/api/ratings/{id}/share',
    auth: true,
    handler: 'lambdas/handlers/delete-share.ts',
    params: ratingParams,
    response: 'empty',
  },
  {
    name: 'getShare',
    method: 'GET',
    path: '/api/shares/{shareId}',
    auth: false,
    handler: 'lambdas/handlers/get-share.ts',
    params: shareParams,
    response: SharedRatingSchema,
  },
  {
    name: 'shareCard',
    method: 'GET',
    path: '/api/shares/{shareId}/card.png',
    auth: false,
    handler: 'lambdas/handlers/share-card.ts',
    memoryMb: 1024,
    timeoutSeconds: 15,
    localConcurrency: 2,
    throttle: { rate: 10, burst: 20 },
    params: shareParams,
    response: 'png',
  },
  {
    name: 'sharePage',
    method: 'GET',
    path: '/r/{shareId}',
    auth: false,
    handler: 'lambdas/handlers/share-page.ts',
    params: shareParams,
    response: 'html',
  },
  {
    name: 'exportMe',
    method: 'GET',
    path: '/api/me/export',
    auth: true,
    handler: 'lambdas/handlers/export-me.ts',
    memoryMb: 512,
    timeoutSeconds: 29,
    response: AccountExportSchema,
    ensureProfile: false,
  },
  {
    name: 'getReminder',
    method: 'GET',
    path: '/api/me/reminder',
    auth: true,
    handler: 'lambdas/handlers/get-reminder.ts',
    response: ReminderStateSchema,
  },
  {
    name: 'setReminder',
    method: 'POST',
    path: '/api/me/reminder',
    auth: true,
    handler: 'lambdas/handlers/set-reminder.ts',
    response: ReminderStateSchema,
  },
  {
    name: 'deleteReminder',
    method: 'DELETE',
    path: '/api/me/reminder',
    auth: true,
    handler: 'lambdas/handlers/delete-reminder.ts',
    response: ReminderStateSchema,
  },
  {
    // no sign-in: the signed token in the e-mail's link is the authority (one-click unsubscribe, RFC 8058)
    name: 'unsubscribeReminders',
    method: 'POST',
    path: UNSUBSCRIBE_API_PATH,
    auth: false,
    handler: 'lambdas/handlers/unsubscribe-reminders.ts',
    throttle: { rate: 5, burst: 10 },
    query: z.object({ token: z.optional(z.string()) }),
    response: 'empty',
  },
] as const satisfies readonly RouteDef[];

type RouteEntry = (typeof ROUTES)[number];
export type RouteName = RouteEntry['name'];
/** Any one route, as the stack, the local gateway and the invoker read the table. */
export type Route = RouteDef & { name: RouteName };
/** The table as a plain list of routes: iterate this, never cast ROUTES. */
export const ROUTE_LIST: readonly Route[] = ROUTES;

/** Each route by its name, with its exact contract: `ROUTE.getRating`. */
export const ROUTE = Object.fromEntries(ROUTES.map((r) => [r.name, r])) as unknown as {
  readonly [R in RouteEntry as R['name']]: R;
};

/** Matches a concrete path against a route path; returns the path parameters or null. */
export function matchRoutePath(routePath: string, actualPath: string): Record<string, string> | null {
  const want = routePath.split('/');
  const got = actualPath.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (!g) return null;
      params[w.slice(1, -1)] = decodeURIComponent(g);
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

export function findRoute(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
  for (const route of ROUTES) {
    const params = matchRoutePath(route.path, path);
    if (params && route.method === method) return { route, params };
  }
  return undefined;
}

/** true when some route serves the path with another method (405 rather than 404) */
export function pathIsKnown(path: string): boolean {
  return ROUTE_LIST.some((r) => matchRoutePath(r.path, path) !== null);
}
