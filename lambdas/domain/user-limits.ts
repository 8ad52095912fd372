/**
 * Per-user limits on the costly signed-in calls that are not analyses (an analysis is limited by its reservation, one in
 * flight per user, and by the refusal limit): each counts the user's calls in the current clock hour and answers 429
 * above its limit.
 */
import { tooManyRequests } from '../http/errors.ts';
import { HOUR_MS, countInWindow, type CounterDeps } from './counters.ts';
import { API_MESSAGES } from './messages.ts';

/** calls per user and clock hour: a checkout creates a Stripe customer and session; an export reads every rating */
export const HOURLY_LIMITS = { checkout: 30, export: 10 } as const;

export async function countUserCall(
  deps: CounterDeps,
  userId: string,
  what: keyof typeof HOURLY_LIMITS,
): Promise<void> {
  if ((await countInWindow(deps, `${what}#${userId}`, HOUR_MS)) > HOURLY_LIMITS[what])
    throw tooManyRequests(API_MESSAGES.tooManyCalls);
}
