import { MESSAGES } from '#shared/messages.ts';
import { ApiError, apiRequest } from '#web/lib/api.ts';

/** POST /api/create-checkout-session; answers the hosted checkout URL or throws with a user-facing message. */
export async function createCheckoutSession(packageId: string, ratingId: string | null): Promise<string> {
  let body: { url?: string; sessionId?: string };
  try {
    const res = await apiRequest('POST', '/api/create-checkout-session', { packageId, ratingId });
    body = (await res.json()) as typeof body;
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.serverMessage || MESSAGES.failedToCreateCheckout);
    throw error;
  }
  if (!body.url) throw new Error('No checkout URL received');
  return body.url;
}
