/** The domain's stores over DynamoDB, made once per cold start from one document client. */
import type { Db } from '#lambdas/domain/db.ts';
import type { Dynamo } from './dynamo.ts';
import { dynamoRatingStore } from './ratings.ts';
import { dynamoReminderStore } from './reminders.ts';
import { dynamoShareStore } from './shares.ts';
import { dynamoCounterStore, dynamoUploadStore } from './uploads.ts';
import { dynamoUserStore } from './users.ts';

export type { Dynamo } from './dynamo.ts';

export function dynamoStores(d: Dynamo): Db {
  return {
    users: dynamoUserStore(d),
    ratings: dynamoRatingStore(d),
    shares: dynamoShareStore(d),
    uploads: dynamoUploadStore(d),
    counters: dynamoCounterStore(d),
    reminders: dynamoReminderStore(d),
  };
}
