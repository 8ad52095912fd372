import { IdentityAnswerSchema } from '#shared/schemas.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { answerIdentity } from '../domain/identity.ts';
import { jsonBody } from '../http/body.ts';
import { ownRatingRequest } from '../http/own-rating.ts';
import { json, withErrors } from '../http/response.ts';
import { parseWith } from '../http/validate.ts';

/**
 * PATCH /api/ratings/{id} with `{ "isYou": true | false }`: the owner's answer to "Is this you?". Yes joins the rating to
 * their progress, no keeps it out; the rating comes back with its progress. Anyone else's rating is a 404.
 */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  withErrors(async (event, { events }) => {
    const db = deps.db();
    const { caller, id } = await ownRatingRequest(event, db, events);
    const { isYou } = parseWith(IdentityAnswerSchema, jsonBody(event));
    return json(200, await answerIdentity(db, caller.userId, id, isYou));
  });

export const handler = makeHandler(coreDeps());
