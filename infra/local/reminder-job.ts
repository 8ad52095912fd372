/**
 * The reminder sender locally: what EventBridge runs every hour in AWS, run by the gateway process (which has the
 * handlers' environment) every REMINDER_SWEEP_MS, and at once on POST /__local/reminders/run (tests, trying it out).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const SENDER_HANDLER = 'lambdas/handlers/send-reminders.ts';
/** how often the local gateway looks for due reminders, unless REMINDER_SWEEP_MS says otherwise */
export const DEFAULT_SWEEP_MS = 60_000;

type Outcome = { sent: number; failed: number };

export function createReminderJob(root: string, log: (line: string) => void) {
  let handler: Promise<() => Promise<Outcome>> | undefined;
  let running: Promise<Outcome> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = (): Promise<Outcome> => {
    handler ??= import(pathToFileURL(resolve(root, SENDER_HANDLER)).href).then(
      (m: { handler: () => Promise<Outcome> }) => m.handler,
    );
    // one run at a time, as the hourly rule would hardly overlap; a request meanwhile waits for the same run
    running ??= handler
      .then((h) => h())
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    run,
    start(intervalMs: number) {
      timer = setInterval(() => {
        run().catch((error: unknown) => log(`reminders: ${(error as Error)?.stack ?? String(error)}`));
      }, intervalMs);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}
