/**
 * Every route the HTTP API serves: the /api routes and the share pages under /r/. The CDK stack builds one Lambda and
 * one HTTP API route per entry (CloudFront forwards /api/* and /r/* to the API), and the local gateway serves the same list.
 */
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
}

export const ROUTES = [
  { name: 'packages', method: 'GET', path: '/api/packages', auth: false, handler: 'lambdas/handlers/packages.ts' },
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
  },
  {
    name: 'createCheckoutSession',
    method: 'POST',
    path: '/api/create-checkout-session',
    auth: true,
    handler: 'lambdas/handlers/create-checkout-session.ts',
  },
  {
    name: 'verifyCheckoutSession',
    method: 'GET',
    path: '/api/verify-checkout-session',
    auth: true,
    handler: 'lambdas/handlers/verify-checkout-session.ts',
  },
  {
    name: 'stripeWebhook',
    method: 'POST',
    path: '/api/stripe-webhook',
    auth: false,
    handler: 'lambdas/handlers/stripe-webhook.ts',
    throttle: { rate: 50, burst: 100 },
  },
  { name: 'getMe', method: 'GET', path: '/api/me', auth: true, handler: 'lambdas/handlers/get-me.ts' },
  { name: 'patchMe', method: 'PATCH', path: '/api/me', auth: true, handler: 'lambdas/handlers/patch-me.ts' },
  { name: 'deleteMe', method: 'DELETE', path: '/api/me', auth: true, handler: 'lambdas/handlers/delete-me.ts' },
  { name: 'listRatings', method: 'GET', path: '/api/ratings', auth: true, handler: 'lambdas/handlers/list-ratings.ts' },
  {
    name: 'getRating',
    method: 'GET',
    path: '/api/ratings/{id}',
    auth: true,
    handler: 'lambdas/handlers/get-rating.ts',
  },
  {
    // the owner's answer to "Is this you?" (progress only between photos of one person)
    name: 'answerIdentity',
    method: 'PATCH',
    path: '/api/ratings/{id}',
    auth: true,
    handler: 'lambdas/handlers/answer-identity.ts',
  },
  {
    name: 'deleteRating',
    method: 'DELETE',
    path: '/api/ratings/{id}',
    auth: true,
    handler: 'lambdas/handlers/delete-rating.ts',
  },
  {
    name: 'createShare',
    method: 'POST',
    path: '/api/ratings/{id}/share',
    auth: true,
    handler: 'lambdas/handlers/create-share.ts',
  },
  {
    name: 'deleteShare',
    method: 'DELETE',
    path: '/api/ratings/{id}/share',
    auth: true,
    handler: 'lambdas/handlers/delete-share.ts',
  },
  {
    name: 'getShare',
    method: 'GET',
    path: '/api/shares/{shareId}',
    auth: false,
    handler: 'lambdas/handlers/get-share.ts',
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
  },
  { name: 'sharePage', method: 'GET', path: '/r/{shareId}', auth: false, handler: 'lambdas/handlers/share-page.ts' },
  {
    name: 'exportMe',
    method: 'GET',
    path: '/api/me/export',
    auth: true,
    handler: 'lambdas/handlers/export-me.ts',
    memoryMb: 512,
    timeoutSeconds: 29,
  },
  {
    name: 'getReminder',
    method: 'GET',
    path: '/api/me/reminder',
    auth: true,
    handler: 'lambdas/handlers/get-reminder.ts',
  },
  {
    name: 'setReminder',
    method: 'POST',
    path: '/api/me/reminder',
    auth: true,
    handler: 'lambdas/handlers/set-reminder.ts',
  },
  {
    name: 'deleteReminder',
    method: 'DELETE',
    path: '/api/me/reminder',
    auth: true,
    handler: 'lambdas/handlers/delete-reminder.ts',
  },
  {
    // no sign-in: the signed token in the e-mail's link is the authority (one-click unsubscribe, RFC 8058)
    name: 'unsubscribeReminders',
    method: 'POST',
    path: '/api/reminders/unsubscribe',
    auth: false,
    handler: 'lambdas/handlers/unsubscribe-reminders.ts',
    throttle: { rate: 5, burst: 10 },
  },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

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

export function findRoute(method: string, path: string) {
  for (const route of ROUTES as readonly RouteDef[]) {
    const params = matchRoutePath(route.path, path);
    if (params && route.method === method) return { route, params };
  }
  return undefined;
}

/** true when some route serves the path with another method (405 rather than 404) */
export function pathIsKnown(path: string): boolean {
  return (ROUTES as readonly RouteDef[]).some((r) => matchRoutePath(r.path, path) !== null);
}
