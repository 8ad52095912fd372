import { ROUTE } from '#shared/routes.ts';
import { MESSAGES } from '#shared/messages.ts';
import { ApiError } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';

/** POST /api/create-checkout-session; answers the hosted checkout URL or throws with a user-facing message. */
export async function createCheckoutSession(packageId: string, ratingId: string | null): Promise<string> {
  let body: { url: string; sessionId: string };
  try {
    body = await call(ROUTE.createCheckoutSession, { body: { packageId, ratingId } });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.serverMessage || MESSAGES.failedToCreateCheckout);
    throw error;
  }
  if (!body.url) throw new Error('No checkout URL received');
  return body.url;
}
