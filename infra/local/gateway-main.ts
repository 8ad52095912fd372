/** The gateway as its own process, so that handlers run with their own environment, as each Lambda does. */
import { ORIGIN_VERIFY_ENV } from '#lambdas/http/origin-verify.ts';
import { createGateway } from './gateway.ts';
import { createReminderJob, DEFAULT_SWEEP_MS } from './reminder-job.ts';

const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`gateway: ${name} is not set`);
  return value;
};

const reminders = createReminderJob(need('REPO_ROOT'), (line) => console.log(line));
const gateway = createGateway({
  port: Number(need('GATEWAY_PORT')),
  root: need('REPO_ROOT'),
  issuer: need('COGNITO_ISSUER'),
  clientId: need('COGNITO_CLIENT_ID'),
  codesFile: process.env.LOCAL_CODES_FILE,
  originSecret: process.env[ORIGIN_VERIFY_ENV],
  runReminders: reminders.run,
});
await gateway.listen();
reminders.start(Number(process.env.REMINDER_SWEEP_MS ?? DEFAULT_SWEEP_MS));
console.log(`gateway listening on ${process.env.GATEWAY_PORT}`);
const stop = () => void gateway.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
