/**
 * Refused photos cost the user nothing, but each one has run the checks and, past the cheap ones, the face models (and in
 * AWS a paid Rekognition call): so a user may have at most MAX_REFUSALS_PER_HOUR refused analyses in a clock hour. The
 * count is checked before the credit is reserved, and analyses of one user never run at once (the reservation is the
 * per-user lock), so it cannot be overshot.
 */
import { tooManyRequests } from '../http/errors.ts';
import { HOUR_MS, counterKey, countInWindow, readCount, type CounterDeps } from './counters.ts';
import { API_MESSAGES } from './messages.ts';

export const MAX_REFUSALS_PER_HOUR = 10;

const counter = (userId: string) => `refusals#${userId}`;

/** 429 when the user has used up this hour's refused analyses; nothing is reserved or run then. */
export async function checkRefusalAllowance(deps: CounterDeps, userId: string): Promise<void> {
  if ((await readCount(deps, counter(userId), HOUR_MS)) >= MAX_REFUSALS_PER_HOUR)
    throw tooManyRequests(API_MESSAGES.tooManyRefusals(MAX_REFUSALS_PER_HOUR));
}

/** Counts one refused analysis for the user in the current hour. */
export function countRefusal(deps: CounterDeps, userId: string): Promise<number> {
  return countInWindow(deps, counter(userId), HOUR_MS);
}

/** the key of the user's refusal counter for the hour holding `at` (in the uploads table) */
export const refusalCounterKey = (userId: string, at: Date) => counterKey(counter(userId), at, HOUR_MS);
