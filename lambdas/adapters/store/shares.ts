/** The shares table in DynamoDB (ShareStore); creating and revoking a link are transactions with its rating. */
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ShareItem, ShareStore } from '#lambdas/domain/ports/shares.ts';
import { cancellationReasons, isConditionalCheckFailed, liveProfileCheck, sleep, type Dynamo } from './dynamo.ts';

export function dynamoShareStore(d: Dynamo): ShareStore {
  const table = d.tables.shares;
  return {
    async get(shareId) {
      const out = await d.doc.send(new GetCommand({ TableName: table, Key: { shareId }, ConsistentRead: true }));
      return out.Item as ShareItem | undefined;
    },

    async create(share) {
      try {
        await d.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              // a deleted account's tombstone stops a share from being made while the deletion sweeps
              liveProfileCheck(d, share.userId),
              { Put: { TableName: table, Item: share, ConditionExpression: 'attribute_not_exists(shareId)' } },
              {
                Update: {
                  TableName: d.tables.ratings,
                  Key: { id: share.ratingId },
                  UpdateExpression: 'SET shareId = :s',
                  ConditionExpression: 'userId = :u AND attribute_not_exists(shareId)',
                  ExpressionAttributeValues: { ':s': share.shareId, ':u': share.userId },
                },
              },
            ],
          }),
        );
        return 'created';
      } catch (err) {
        const reasons = cancellationReasons(err);
        if (!reasons) throw err;
        return reasons[0]?.Code === 'ConditionalCheckFailed' ? 'account-deleted' : 'conflict';
      }
    },

    async updateOptions(key, options, now) {
      const sets = ['updatedAt = :now'];
      const values: Record<string, unknown> = { ':now': now, ':r': key.ratingId, ':u': key.userId };
      if (options.anonymous !== undefined) {
        sets.push('anonymous = :a');
        values[':a'] = options.anonymous;
      }
      if (options.includePhoto !== undefined) {
        sets.push('includePhoto = :p');
        values[':p'] = options.includePhoto;
      }
      try {
        const out = await d.doc.send(
          new UpdateCommand({
            TableName: table,
            Key: { shareId: key.shareId },
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'ratingId = :r AND userId = :u',
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return out.Attributes as ShareItem;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return undefined;
        throw err;
      }
    },

    async put(share) {
      await d.doc.send(new PutCommand({ TableName: table, Item: share }));
    },

    async revoke(userId, ratingId, shareId) {
      try {
        await d.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Delete: { TableName: table, Key: { shareId } } },
              {
                Update: {
                  TableName: d.tables.ratings,
                  Key: { id: ratingId },
                  UpdateExpression: 'REMOVE shareId',
                  ConditionExpression: 'userId = :u AND shareId = :s',
                  ExpressionAttributeValues: { ':u': userId, ':s': shareId },
                },
              },
            ],
          }),
        );
        return true;
      } catch (err) {
        if (cancellationReasons(err)) return false;
        throw err;
      }
    },

    async delete(shareId) {
      await d.doc.send(new DeleteCommand({ TableName: table, Key: { shareId } }));
    },

    /** BatchWriteItem, 25 at a time, unprocessed items retried with backoff */
    async deleteMany(shareIds) {
      for (let i = 0; i < shareIds.length; i += 25) {
        let requests = shareIds.slice(i, i + 25).map((shareId) => ({ DeleteRequest: { Key: { shareId } } }));
        for (let attempt = 0; requests.length > 0; attempt++) {
          if (attempt > 8) throw new Error(`could not delete all items of ${table} (unprocessed items)`);
          if (attempt > 0) await sleep(50 * 2 ** attempt);
          const res = await d.doc.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
          requests = (res.UnprocessedItems?.[table] ?? []) as typeof requests;
        }
      }
    },
  };
}
