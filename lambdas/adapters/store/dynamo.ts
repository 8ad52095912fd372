/** What every DynamoDB store is built from, and how DynamoDB says a condition failed. */
import {
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

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

/** true when DynamoDB refused a transaction for another one in flight on the same items (worth trying again) */
export function isTransactionConflict(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return (
    (cancellationReasons(err) ?? []).some((r) => r.Code === 'TransactionConflict') ||
    name === 'TransactionConflictException' ||
    name === 'TransactionInProgressException'
  );
}

const MAX_TRANSACTION_ATTEMPTS = 12;

/**
 * Writes the items in one transaction under their conditions: true when written, false when a condition failed. A
 * transaction that met another on the same items (DynamoDB cancels it) is tried again after a short random wait.
 */
export async function transactWrite(
  d: Dynamo,
  items: NonNullable<TransactWriteCommandInput['TransactItems']>,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await d.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (err) {
      if (cancellationReasons(err)?.some((r) => r.Code === 'ConditionalCheckFailed')) return false;
      if (!isTransactionConflict(err) || attempt >= MAX_TRANSACTION_ATTEMPTS) throw err;
      await sleep(10 + Math.random() * 25 * Math.min(attempt, 6));
    }
  }
}
