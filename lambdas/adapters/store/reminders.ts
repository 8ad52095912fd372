/** The reminders table in DynamoDB (ReminderStore): by user, and due ones through the `byDue` index. */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REMINDER_SCHEDULE, type ReminderItem, type ReminderStore } from '#lambdas/domain/ports/reminders.ts';
import { isConditionalCheckFailed, liveProfileCheck, transactWrite, type Dynamo } from './dynamo.ts';

export function dynamoReminderStore(d: Dynamo): ReminderStore {
  const table = d.tables.reminders;
  return {
    async get(userId) {
      const { Item } = await d.doc.send(new GetCommand({ TableName: table, Key: { userId } }));
      return Item as ReminderItem | undefined;
    },
    // a deletion's tombstone, written before its sweep deletes the reminder, stops any later write
    putWhileLive: (item) =>
      transactWrite(d, [liveProfileCheck(d, item.userId), { Put: { TableName: table, Item: item } }]),

    async delete(userId) {
      await d.doc.send(new DeleteCommand({ TableName: table, Key: { userId } }));
    },
    async due(now, start) {
      const page = await d.doc.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'byDue',
          KeyConditionExpression: 'schedule = :s AND dueAt <= :now',
          ExpressionAttributeValues: { ':s': REMINDER_SCHEDULE, ':now': now },
          ExclusiveStartKey: start as Record<string, unknown> | undefined,
        }),
      );
      return {
        items: (page.Items ?? []) as ReminderItem[],
        ...(page.LastEvaluatedKey ? { next: page.LastEvaluatedKey } : {}),
      };
    },
    async claim(userId, was, next) {
      try {
        await d.doc.send(
          new UpdateCommand({
            TableName: table,
            Key: { userId },
            UpdateExpression: 'SET dueAt = :next',
            ConditionExpression: 'dueAt = :was',
            ExpressionAttributeValues: { ':next': next, ':was': was },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },
  };
}
