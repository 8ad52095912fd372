/** The reminder e-mails' Mailer: SES v2 SendEmail; locally the SES emulator (SES_ENDPOINT). */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Env } from '../config/env.ts';
import type { Mailer } from '../domain/reminders.ts';

export function sesMailer(env: Pick<Env, 'AWS_REGION' | 'SES_ENDPOINT' | 'REMINDER_FROM_EMAIL'>): Mailer {
  const client = new SESv2Client({
    region: env.AWS_REGION,
    ...(env.SES_ENDPOINT
      ? { endpoint: env.SES_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return {
    async send(email) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: env.REMINDER_FROM_EMAIL,
          Destination: { ToAddresses: [email.to] },
          Content: {
            Simple: {
              Subject: { Data: email.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: email.text, Charset: 'UTF-8' }, Html: { Data: email.html, Charset: 'UTF-8' } },
              Headers: Object.entries(email.headers).map(([Name, Value]) => ({ Name, Value })),
            },
          },
        }),
      );
    },
  };
}
