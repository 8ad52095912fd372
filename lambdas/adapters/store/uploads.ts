/** The uploads table in DynamoDB: uploaded photos (UploadStore) and, beside them, the rate limits' counters (CounterStore). */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionFailed } from '#lambdas/domain/ports/condition-failed.ts';
import type { CounterStore } from '#lambdas/domain/ports/counters.ts';
import type { UploadItem, UploadStore } from '#lambdas/domain/ports/uploads.ts';
import { isConditionalCheckFailed, type Dynamo } from './dynamo.ts';

export function dynamoUploadStore(d: Dynamo): UploadStore {
  const table = d.tables.uploads;
  return {
    async put(item) {
      try {
        await d.doc.send(
          new PutCommand({ TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(id)' }),
        );
      } catch (err) {
        if (isConditionalCheckFailed(err)) throw new ConditionFailed(`upload ${item.id} exists`);
        throw err;
      }
    },
    async get(id) {
      const out = await d.doc.send(new GetCommand({ TableName: table, Key: { id }, ConsistentRead: true }));
      return out.Item as Partial<UploadItem> | undefined;
    },
    async delete(id) {
      await d.doc.send(new DeleteCommand({ TableName: table, Key: { id } }));
    },
  };
}

/** One item per counter and window (`id` is the key), one atomic ADD per event, removed by the table's TTL. */
export function dynamoCounterStore(d: Dynamo): CounterStore {
  const table = d.tables.uploads;
  return {
    async add(key, expiresAt) {
      const out = await d.doc.send(
        new UpdateCommand({
          TableName: table,
          Key: { id: key },
          UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :exp)',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(out.Attributes?.count ?? 0);
    },
    async read(key) {
      const out = await d.doc.send(new GetCommand({ TableName: table, Key: { id: key }, ConsistentRead: true }));
      return Number(out.Item?.count ?? 0);
    },
  };
}
