/** The ratings table in DynamoDB (RatingStore): items by id, the owner's history through the `byUser` index. */
import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { EarlierRating } from '#lambdas/domain/progress.ts';
import type { RatingsCursorKey } from '#lambdas/domain/rating-cursors.ts';
import type { RatingItem } from '#lambdas/domain/rating-item.ts';
import type { RatingOwnership, RatingStore, SummaryQuery } from '#lambdas/domain/ports/ratings.ts';
import { METRIC_KEYS } from '#shared/scoring.ts';
import { cancellationReasons, isConditionalCheckFailed, sleep, type Dynamo } from './dynamo.ts';

const BY_USER_INDEX = 'byUser';

/** What a list reads of a rating: everything but the overlay, the crown's images and the share id. */
const SUMMARY_ATTRIBUTES = [
  'id',
  'userId',
  'isPremium',
  'createdAt',
  'updatedAt',
  'score',
  'rating',
  ...METRIC_KEYS,
  'commentary',
  'hairstyleSuggestions',
  'norwoodStage',
  'norwoodConfidence',
  'measurements',
  'ageComparison',
  'captureConditions',
  'thumbnail',
  'clientRequestId',
  'identity',
  'identityBy',
  'photoOf',
  // read so the rating can say one is stored (faceDescriptorStored); its numbers never leave the domain
  'faceDescriptor',
] as const;

/** The crown part's attributes a list reads: everything but its images. */
const CROWN_SUMMARY_ATTRIBUTES = [
  'measurements',
  'norwoodStage',
  'score',
  'stageEstimate',
  'faceStageEstimate',
  'captureConditions',
] as const;

/** ExpressionAttributeNames and the projection of `attributes`, plus the crown without its images. */
function summaryProjection(attributes: readonly string[]): { names: Record<string, string>; projection: string } {
  const names: Record<string, string> = Object.fromEntries(attributes.map((a) => [`#${a}`, a]));
  names['#crown'] = 'crown';
  const crownNames = CROWN_SUMMARY_ATTRIBUTES.map((a) => `#crown_${a}`);
  CROWN_SUMMARY_ATTRIBUTES.forEach((a) => (names[`#crown_${a}`] = a));
  const projection = [...attributes.map((a) => `#${a}`), ...crownNames.map((n) => `#crown.${n}`)].join(', ');
  return { names, projection };
}

const MAX_TRANSACTION_ATTEMPTS = 12;

export function dynamoRatingStore(d: Dynamo): RatingStore {
  const table = d.tables.ratings;
  /** the ownership fields of an item read or deleted (a delete returns the whole item: nothing more leaves the store) */
  const ownership = (item: Record<string, unknown> | undefined): RatingOwnership | undefined => {
    if (!item) return undefined;
    const { id, userId, shareId } = item as RatingOwnership;
    return { id, userId, ...(typeof shareId === 'string' ? { shareId } : {}) };
  };

  /** removes a rating's face descriptor */
  const forgetFace = async (id: string): Promise<void> => {
    try {
      await d.doc.send(
        new UpdateCommand({
          TableName: table,
          Key: { id },
          UpdateExpression: 'REMOVE #fd',
          // a rating deleted meanwhile is not brought back as an empty item
          ConditionExpression: 'attribute_exists(#id)',
          ExpressionAttributeNames: { '#id': 'id', '#fd': 'faceDescriptor' },
        }),
      );
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
  };

  return {
    async recordClosingReservation(item) {
      for (let attempt = 1; ; attempt++) {
        try {
          await d.doc.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName: d.tables.users,
                    Key: { userId: item.userId },
                    UpdateExpression: 'SET updatedAt = :now REMOVE pendingAnalysis',
                    ConditionExpression: 'pendingAnalysis.id = :id',
                    ExpressionAttributeValues: { ':id': item.id, ':now': item.createdAt },
                  },
                },
                { Put: { TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(id)' } },
              ],
            }),
          );
          return 'recorded';
        } catch (err) {
          const reasons = cancellationReasons(err);
          if (reasons?.[0]?.Code === 'ConditionalCheckFailed') return 'reservation-lost';
          const conflict =
            (reasons && reasons.some((r) => r.Code === 'TransactionConflict')) ||
            (err as { name?: string })?.name === 'TransactionConflictException' ||
            (err as { name?: string })?.name === 'TransactionInProgressException';
          if (!conflict || attempt >= MAX_TRANSACTION_ATTEMPTS) throw err;
          await sleep(10 + Math.random() * 25 * Math.min(attempt, 6));
        }
      }
    },

    async get(id, opts) {
      const out = await d.doc.send(
        new GetCommand({ TableName: table, Key: { id }, ...(opts?.consistent ? { ConsistentRead: true } : {}) }),
      );
      return out.Item as RatingItem | undefined;
    },

    async ownershipOf(id) {
      const out = await d.doc.send(
        new GetCommand({
          TableName: table,
          Key: { id },
          ConsistentRead: true,
          ProjectionExpression: 'id, userId, shareId',
        }),
      );
      return ownership(out.Item);
    },

    async summaries(userId, q: SummaryQuery) {
      const attributes = [
        ...SUMMARY_ATTRIBUTES.filter((a) => q.thumbnails !== false || a !== 'thumbnail'),
        ...(q.shareIds ? ['shareId'] : []),
      ];
      const { names, projection } = summaryProjection(attributes);
      const input: QueryCommandInput = {
        TableName: table,
        IndexName: BY_USER_INDEX,
        KeyConditionExpression: '#userId = :u',
        // Limit bounds the items read; the filter then keeps the match among them
        ...(q.clientRequestId ? { FilterExpression: '#clientRequestId = :c' } : {}),
        ExpressionAttributeValues: { ':u': userId, ...(q.clientRequestId ? { ':c': q.clientRequestId } : {}) },
        ExpressionAttributeNames: names,
        ProjectionExpression: projection,
        ScanIndexForward: false,
        ...(q.limit ? { Limit: q.limit } : {}),
        ExclusiveStartKey: q.start,
      };
      const out = await d.doc.send(new QueryCommand(input));
      const next = out.LastEvaluatedKey as RatingsCursorKey | undefined;
      return { items: (out.Items ?? []) as RatingItem[], ...(next ? { next } : {}) };
    },

    async earlier(userId, createdAt, limit) {
      const out = await d.doc.send(
        new QueryCommand({
          TableName: table,
          IndexName: BY_USER_INDEX,
          KeyConditionExpression: '#userId = :u AND #createdAt < :c',
          ExpressionAttributeNames: {
            '#userId': 'userId',
            '#createdAt': 'createdAt',
            '#id': 'id',
            '#score': 'score',
            '#m': 'measurements',
            '#n': 'norwoodStage',
            '#crown': 'crown',
            '#cc': 'captureConditions',
            '#i': 'identity',
            '#fd': 'faceDescriptor',
            '#po': 'photoOf',
          },
          ExpressionAttributeValues: { ':u': userId, ':c': createdAt },
          ProjectionExpression:
            '#id, #createdAt, #score, #m, #n, #cc, #crown.#m, #crown.#n, #crown.#score, #crown.#cc, #i, #fd, #po',
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (out.Items ?? []) as EarlierRating[];
    },

    async keysOf(userId, start) {
      const out = await d.doc.send(
        new QueryCommand({
          TableName: table,
          IndexName: BY_USER_INDEX,
          KeyConditionExpression: 'userId = :u',
          ExpressionAttributeValues: { ':u': userId },
          ProjectionExpression: 'id, userId, shareId',
          ExclusiveStartKey: start,
        }),
      );
      const next = out.LastEvaluatedKey as RatingsCursorKey | undefined;
      return { items: (out.Items ?? []) as RatingOwnership[], ...(next ? { next } : {}) };
    },

    async deleteOwned(userId, id) {
      try {
        const out = await d.doc.send(
          new DeleteCommand({
            TableName: table,
            Key: { id },
            // false for a missing item too: one answer for "not yours" and "not there"
            ConditionExpression: 'userId = :u',
            ExpressionAttributeValues: { ':u': userId },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return ownership(out.Attributes);
      } catch (err) {
        if (isConditionalCheckFailed(err)) return undefined;
        throw err;
      }
    },

    async delete(id) {
      const out = await d.doc.send(new DeleteCommand({ TableName: table, Key: { id }, ReturnValues: 'ALL_OLD' }));
      return ownership(out.Attributes);
    },

    async setIdentity(userId, id, identity) {
      try {
        await d.doc.send(
          new UpdateCommand({
            TableName: table,
            Key: { id },
            // someone else's face is not kept
            UpdateExpression: `SET #i = :i, #by = :by${identity === 'you' ? '' : ' REMOVE #fd'}`,
            // false for a missing item too (an update would create it): one answer for "not yours" and "not there"
            ConditionExpression: 'attribute_exists(#id) AND #u = :u',
            ExpressionAttributeNames: {
              '#id': 'id',
              '#u': 'userId',
              '#i': 'identity',
              '#by': 'identityBy',
              ...(identity === 'you' ? {} : { '#fd': 'faceDescriptor' }),
            },
            ExpressionAttributeValues: { ':u': userId, ':i': identity, ':by': 'answer' },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },

    async forgetFaces(userId) {
      let forgotten = 0;
      let start: RatingsCursorKey | undefined;
      do {
        const out = await d.doc.send(
          new QueryCommand({
            TableName: table,
            IndexName: BY_USER_INDEX,
            KeyConditionExpression: '#u = :u',
            FilterExpression: 'attribute_exists(#fd)',
            ExpressionAttributeNames: { '#u': 'userId', '#fd': 'faceDescriptor', '#id': 'id' },
            ExpressionAttributeValues: { ':u': userId },
            ProjectionExpression: '#id',
            ExclusiveStartKey: start,
          }),
        );
        for (const item of out.Items ?? []) await forgetFace(String(item.id));
        forgotten += out.Items?.length ?? 0;
        start = out.LastEvaluatedKey as RatingsCursorKey | undefined;
      } while (start);
      return forgotten;
    },

    forgetFace,
  };
}
