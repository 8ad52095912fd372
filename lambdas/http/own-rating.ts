import type { Caller } from '../domain/caller.ts';
import type { Db } from '../domain/db.ts';
import type { ReportEvent } from '../domain/events.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from './auth.ts';
import { ratingIdOf } from './rating-id.ts';
import type { ApiEvent } from './types.ts';

/**
 * A signed-in request about one of the caller's ratings (/api/ratings/{id}…): the caller, whose profile is ensured first
 * (a deleted account's old token is refused before anything else is judged), and the rating's id.
 */
export async function ownRatingRequest(
  event: ApiEvent,
  db: Db,
  events: ReportEvent,
): Promise<{ caller: Caller; id: string }> {
  const caller = callerOf(event);
  await ensureProfile({ db, events }, caller);
  return { caller, id: ratingIdOf(event) };
}
