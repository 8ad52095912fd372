import { ShareRequestSchema } from '#shared/schemas.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { shareRating } from '../domain/shares.ts';
import { ensureProfile } from '../domain/users.ts';
import { callerOf } from '../http/auth.ts';
import { ratingIdOf } from '../http/rating-id.ts';
import { jsonBody } from '../http/body.ts';
import { json, withErrors } from '../http/response.ts';
import { parseWith } from '../http/validate.ts';

/** POST /api/ratings/{id}/share: the rating's public link (201 when made, 200 when its options were updated). */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'env'>) =>
  withErrors(async (event, { events }) => {
    const caller = callerOf(event);
    const db = deps.db();
    await ensureProfile({ db, events }, caller);
    const id = ratingIdOf(event);
    const options = parseWith(ShareRequestSchema, jsonBody(event));
    const { created, share } = await shareRating({ db, siteUrl: deps.env.SITE_URL }, caller.userId, id, options);
    return json(created ? 201 : 200, share);
  });

export const handler = makeHandler(coreDeps());
