import { coreDeps } from '../adapters/deps.ts';
import { once } from '#shared/once.ts';
import { hmacTokenSigner } from '../adapters/reminder-token.ts';
import { sesMailer } from '../adapters/ses.ts';
import { sendDueReminders, type SenderDeps } from '../domain/reminders.ts';

/**
 * Not an HTTP route: the scheduled job (an EventBridge rule every hour in AWS, a timer in the local gateway) that
 * e-mails the retake reminders whose time has come.
 */
export const makeHandler = (deps: () => SenderDeps) => async () => sendDueReminders(deps());

const defaultDeps = once((): SenderDeps => {
  const { env, db } = coreDeps();
  return {
    db: db(),
    mailer: sesMailer(env),
    signer: hmacTokenSigner(env.REMINDER_TOKEN_SECRET),
    siteUrl: env.SITE_URL,
  };
});

export const handler = makeHandler(defaultDeps);
