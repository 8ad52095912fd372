import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type CoreDeps } from '../adapters/deps.ts';
import { once } from '#shared/once.ts';
import { hmacTokenSigner } from '../adapters/reminder-token.ts';
import { invalidInput } from '../domain/errors.ts';
import { unsubscribe, type TokenSigner } from '../domain/reminders.ts';
import { handle } from '../http/handle.ts';

/**
 * POST /api/reminders/unsubscribe?token=… (no sign-in): turns off the reminders of the user the signed token names; 204,
 * also when they were off. The web page of the e-mail's link posts here, and so do mail clients' one-click unsubscribe
 * buttons (RFC 8058, which sends the form body List-Unsubscribe=One-Click: the token is in the URL, the body is ignored).
 */
export const makeHandler = (deps: Pick<CoreDeps, 'db'> & { signer: () => TokenSigner }) =>
  handle(ROUTE.unsubscribeReminders, deps, async ({ query: { token } }) => {
    if (!token) throw invalidInput('This unsubscribe link is not valid.');
    await unsubscribe({ db: deps.db(), signer: deps.signer() }, token);
  });

function defaultDeps() {
  const core = coreDeps();
  return { db: core.db, signer: once(() => hmacTokenSigner(core.env.REMINDER_TOKEN_SECRET)) };
}

export const handler = makeHandler(defaultDeps());
