import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { answerIdentity } from '../domain/identity.ts';
import { handle } from '../http/handle.ts';

/**
 * PATCH /api/ratings/{id} with `{ "isYou": true | false }`: the owner's answer to "Is this you?". Yes joins the rating to
 * their progress, no keeps it out; the rating comes back with its progress. Anyone else's rating is a 404.
 */
export const makeHandler = (deps: Pick<AppDeps, 'db'>) =>
  handle(ROUTE.answerIdentity, deps, async ({ caller, params, body }) =>
    answerIdentity(deps.db(), caller.userId, params.id, body.isYou),
  );

export const handler = makeHandler(coreDeps());
