/**
 * The DynamoDB document client and the stores over it, made once per cold start. Locally it points at DynamoDB Local
 * with dummy credentials.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Env } from '../config/env.ts';
import type { Db } from '../domain/db.ts';
import { dynamoStores, type Dynamo } from './store/index.ts';

export function createDocumentClient(env: Pick<Env, 'AWS_REGION' | 'DYNAMODB_ENDPOINT'>): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: env.AWS_REGION,
    ...(env.DYNAMODB_ENDPOINT
      ? { endpoint: env.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    maxAttempts: 4,
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

type TableEnv = Pick<
  Env,
  | 'AWS_REGION'
  | 'DYNAMODB_ENDPOINT'
  | 'USERS_TABLE'
  | 'RATINGS_TABLE'
  | 'UPLOADS_TABLE'
  | 'SHARES_TABLE'
  | 'REMINDERS_TABLE'
>;

/** The client and the physical table names (tests read the tables through it to check what the stores wrote). */
export function createDynamo(env: TableEnv): Dynamo {
  return {
    doc: createDocumentClient(env),
    tables: {
      users: env.USERS_TABLE,
      ratings: env.RATINGS_TABLE,
      uploads: env.UPLOADS_TABLE,
      shares: env.SHARES_TABLE,
      reminders: env.REMINDERS_TABLE,
    },
  };
}

export function createDb(env: TableEnv): Db {
  return dynamoStores(createDynamo(env));
}
