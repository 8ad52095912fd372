import { IdentityAnswerSchema } from '#shared/schemas.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { answerIdentity } from '../domain/identity.ts';
import { getRating } from '../domain/ratings.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { jsonBody } from '../http/body.ts';
import { ratingIdOf } from '../http/rating-id.ts';
import { json, withErrors } from '../http/response.ts';
import { parseWith } from '../http/validate.ts';

/**
 * PATCH /api/ratings/{id} with `{ "isYou": true | false }`: the owner's answer to "Is this you?". Yes joins the rating to
 * their progress, no keeps it out; the rating comes back with its progress. Anyone else's rating is a 404.
 */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    const db = deps.db();
    await ensureProfile({ db, events }, caller);
    const id = ratingIdOf(event);
    const { isYou } = parseWith(IdentityAnswerSchema, jsonBody(event));
    await answerIdentity(db, caller.userId, id, isYou);
    return json(200, await getRating(db, caller.userId, id));
  });

export const handler = makeHandler(coreDeps());
