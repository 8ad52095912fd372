/** What every DynamoDB store is built from, and how DynamoDB says a condition failed. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface TableNames {
  users: string;
  ratings: string;
  uploads: string;
  shares: string;
  reminders: string;
}

export interface Dynamo {
  doc: DynamoDBDocumentClient;
  tables: TableNames;
}

/** A profile that exists and is not a deleted account's tombstone (markDeleted): the condition of every write to one. */
export const LIVE_PROFILE = 'attribute_exists(userId) AND attribute_not_exists(deletedAt)';

/** A transaction's check that a user's profile is live (LIVE_PROFILE): a deletion's tombstone stops the transaction. */
export const liveProfileCheck = (d: Dynamo, userId: string) => ({
  ConditionCheck: { TableName: d.tables.users, Key: { userId }, ConditionExpression: LIVE_PROFILE },
});

/** DynamoDB errors are matched by name: the SDK class identity differs between bundles. */
export function isConditionalCheckFailed(err: unknown): boolean {
  return (err as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}

export interface CancellationReason {
  Code?: string;
  Message?: string;
  Item?: Record<string, unknown>;
}

export function cancellationReasons(err: unknown): CancellationReason[] | undefined {
  const e = err as { name?: string; CancellationReasons?: CancellationReason[] } | null;
  if (e?.name !== 'TransactionCanceledException') return undefined;
  return e.CancellationReasons ?? [];
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
