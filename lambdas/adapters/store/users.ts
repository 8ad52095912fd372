/**
 * The users table in DynamoDB (UserStore). The purchase ledger's entries live in the user's `purchases` list, beside the
 * balance they move, so one conditional UpdateItem changes the balance, the entry and the reservation's hold together
 * or not at all. Every write is conditioned on what the rules were computed from (the balance, the entry's version,
 * the analysis in flight); when anything moved in between, the write is refused and the domain reads again.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionFailed } from '#lambdas/domain/ports/condition-failed.ts';
import type {
  LedgerWrite,
  MarkDeletedOutcome,
  PendingAnalysis,
  ReserveOutcome,
  UserItem,
  UserStore,
} from '#lambdas/domain/ports/users.ts';
import type { PurchaseRecord } from '#lambdas/domain/ledger.ts';
import { LIVE_PROFILE, isConditionalCheckFailed, transactWrite, type Dynamo } from './dynamo.ts';

export function dynamoUserStore(d: Dynamo): UserStore {
  const table = d.tables.users;
  const get = async (userId: string) =>
    (await d.doc.send(new GetCommand({ TableName: table, Key: { userId }, ConsistentRead: true }))).Item as
      UserItem | undefined;
  /** runs a conditional write: false when its condition failed */
  const conditional = async (write: () => Promise<unknown>): Promise<boolean> => {
    try {
      await write();
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  };
  /** a write the domain expects to hold: a failed condition is ConditionFailed */
  const required = async <T>(what: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      if (isConditionalCheckFailed(err)) throw new ConditionFailed(what);
      throw err;
    }
  };

  return {
    get,

    createIfAbsent: (item) =>
      conditional(() =>
        d.doc.send(
          new PutCommand({ TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(userId)' }),
        ),
      ),

    async adoptProvisional(userId, names, now) {
      try {
        const out = await d.doc.send(
          new UpdateCommand({
            TableName: table,
            Key: { userId },
            UpdateExpression:
              'SET username = :u, email = :e, firstName = :f, lastName = :l, updatedAt = :now REMOVE provisional',
            ConditionExpression: 'provisional = :true',
            ExpressionAttributeValues: {
              ':u': names.username,
              ':e': names.email,
              ':f': names.firstName,
              ':l': names.lastName,
              ':now': now,
              ':true': true,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return out.Attributes as UserItem;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return undefined;
        throw err;
      }
    },

    async patch(userId, fields, now) {
      const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
      const values: Record<string, unknown> = { ':now': now };
      const sets = ['#updatedAt = :now'];
      for (const [key, value] of Object.entries(fields)) {
        names[`#${key}`] = key;
        values[`:${key}`] = value;
        sets.push(`#${key} = :${key}`);
      }
      const out = await required(`profile ${userId} is not live`, () =>
        d.doc.send(
          new UpdateCommand({
            TableName: table,
            Key: { userId },
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: LIVE_PROFILE,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      return out.Attributes as UserItem;
    },

    setStripeCustomerIfAbsent: (userId, customerId, now) =>
      conditional(() =>
        d.doc.send(
          new UpdateCommand({
            TableName: table,
            Key: { userId },
            UpdateExpression: 'SET stripeCustomerId = :c, updatedAt = :now',
            ConditionExpression: `${LIVE_PROFILE} AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :null)`,
            ExpressionAttributeValues: { ':c': customerId, ':null': null, ':now': now },
          }),
        ),
      ),

    async replaceStripeCustomer(userId, customerId, now) {
      await required(`profile ${userId} is not live`, () =>
        d.doc.send(
          new UpdateCommand({
            TableName: table,
            Key: { userId },
            UpdateExpression: 'SET stripeCustomerId = :c, updatedAt = :now',
            ConditionExpression: LIVE_PROFILE,
            ExpressionAttributeValues: { ':c': customerId, ':now': now },
          }),
        ),
      );
    },

    async markDeleted(userId, at): Promise<MarkDeletedOutcome> {
      try {
        const out = await d.doc.send(
          new PutCommand({
            TableName: table,
            Item: { userId, deletedAt: at },
            ConditionExpression: 'attribute_not_exists(deletedAt)',
            ReturnValues: 'ALL_OLD',
          }),
        );
        return { marked: true, replaced: out.Attributes as UserItem | undefined };
      } catch (err) {
        if (isConditionalCheckFailed(err)) return { marked: false };
        throw err;
      }
    },

    async reserveCredit(userId, pending): Promise<ReserveOutcome> {
      try {
        await d.doc.send(
          new UpdateCommand({
            TableName: table,
            Key: { userId },
            UpdateExpression: 'SET credits = credits - :one, pendingAnalysis = :p, updatedAt = :now',
            ConditionExpression:
              'attribute_exists(userId) AND attribute_not_exists(pendingAnalysis) AND credits >= :one',
            ExpressionAttributeValues: { ':one': 1, ':p': pending, ':now': pending.startedAt },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return { reserved: true };
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
        return seenState((err as { Item?: Record<string, unknown> }).Item);
      }
    },

    refundReservation: (userId, id, now) =>
      conditional(() =>
        d.doc.send(
          new UpdateCommand({
            TableName: table,
            Key: { userId },
            UpdateExpression: 'SET credits = credits + :one, updatedAt = :now REMOVE pendingAnalysis',
            ConditionExpression: 'pendingAnalysis.id = :id AND attribute_not_exists(pendingAnalysis.heldFor)',
            ExpressionAttributeValues: { ':one': 1, ':id': id, ':now': now },
          }),
        ),
      ),

    endHeldReservation: (w) => endHeldReservation(d, w),

    async fulfilPurchase(userId, purchase, now) {
      const written = await transactWrite(d, [
        {
          Update: {
            TableName: table,
            Key: { userId },
            UpdateExpression:
              'SET lastPurchase = :now, lastPurchaseAmount = :amount, lastPurchaseCredits = :n, updatedAt = :now, ' +
              'processedSessions = list_append(if_not_exists(processedSessions, :empty), :ids), ' +
              'purchases = list_append(if_not_exists(purchases, :empty), :purchase) ADD credits :n',
            // a session a refund or dispute reached first is completed through its ledger entry instead
            ConditionExpression: `${LIVE_PROFILE} AND NOT contains(processedSessions, :sid) AND NOT contains(reversedEarly, :sid)`,
            ExpressionAttributeValues: {
              ':now': now,
              ':amount': purchase.amountTotal,
              ':n': purchase.credits,
              ':empty': [],
              ':ids': [purchase.sessionId],
              ':purchase': [purchase],
              ':sid': purchase.sessionId,
            },
          },
        },
        creditedSessionPut(table, purchase.sessionId, userId, now),
      ]);
      return written ? Number((await get(userId))?.credits ?? 0) : undefined;
    },

    async creditedTo(sessionId) {
      const item = await get(creditedSessionKey(sessionId));
      return (item as { creditedTo?: string } | undefined)?.creditedTo;
    },

    writeLedgerStep: (w) => writeLedgerStep(d, w),

    recordRefundOnTombstone: (r) => recordRefundOnTombstone(d, r),
  };
}

type WireMap = Record<string, { S?: string; N?: string } | undefined>;

/**
 * What a refused reservation saw (ReturnValuesOnConditionCheckFailure). The item arrives in DynamoDB's wire format (the
 * document client does not convert errors); a converted one is read too.
 */
function seenState(item: Record<string, unknown> | undefined): ReserveOutcome & { reserved: false } {
  if (!item) return { reserved: false };
  if (item.deletedAt) return { reserved: false, seen: { deleted: true } };
  const raw = item.pendingAnalysis as { M?: WireMap } | PendingAnalysis | undefined;
  if (!raw) return { reserved: false, seen: {} };
  if ('M' in raw && raw.M) {
    const m = raw.M;
    return {
      reserved: false,
      seen: { pending: { id: m.id?.S ?? '', expiresAt: Number(m.expiresAt?.N ?? 0), startedAt: m.startedAt?.S ?? '' } },
    };
  }
  return { reserved: false, seen: { pending: raw as PendingAnalysis } };
}

/** Writes one ledger step; false when the state it was computed from has moved (read again and recompute). */
async function writeLedgerStep(d: Dynamo, w: LedgerWrite): Promise<boolean> {
  const { basis, step } = w;
  const entry: PurchaseRecord = { ...step.entry, v: (basis.version ?? 0) + 1 };
  const sets = ['credits = :after', 'updatedAt = :now'];
  const removes: string[] = [];
  const conditions = [LIVE_PROFILE, 'credits = :before'];
  const values: Record<string, unknown> = {
    ':after': basis.credits + step.creditsDelta,
    ':before': basis.credits,
    ':now': w.now,
    ':sid': basis.sessionId,
  };
  if (basis.index >= 0) {
    const at = `purchases[${basis.index}]`;
    sets.push(`${at} = :entry`);
    values[':entry'] = entry;
    conditions.push(`${at}.sessionId = :sid`);
    if (basis.version === undefined) conditions.push(`attribute_not_exists(${at}.v)`);
    else {
      conditions.push(`${at}.v = :v`);
      values[':v'] = basis.version;
    }
  } else {
    // a refund or dispute before the completion: the entry is made, and the session marked as known to the ledger
    sets.push('purchases = list_append(if_not_exists(purchases, :empty), :entries)');
    sets.push('reversedEarly = list_append(if_not_exists(reversedEarly, :empty), :ids)');
    values[':entries'] = [entry];
    values[':ids'] = [basis.sessionId];
    values[':empty'] = [];
    conditions.push('NOT contains(processedSessions, :sid)', 'NOT contains(reversedEarly, :sid)');
  }
  if (basis.pendingId === undefined) conditions.push('attribute_not_exists(pendingAnalysis)');
  else {
    conditions.push('pendingAnalysis.id = :pid');
    values[':pid'] = basis.pendingId;
  }
  if (step.hold) {
    sets.push('pendingAnalysis.heldFor = :sid');
    conditions.push('attribute_not_exists(pendingAnalysis.heldFor)');
  }
  if (step.release) removes.push('pendingAnalysis.heldFor');
  if (w.completion) {
    sets.push(
      'processedSessions = list_append(if_not_exists(processedSessions, :empty), :ids)',
      'lastPurchase = :now',
      'lastPurchaseAmount = :amount',
      'lastPurchaseCredits = :n',
    );
    values[':ids'] = [basis.sessionId];
    values[':empty'] = [];
    values[':amount'] = w.completion.amountTotal;
    values[':n'] = w.completion.credits;
    conditions.push('NOT contains(processedSessions, :sid)');
  }
  const update = {
    TableName: d.tables.users,
    Key: { userId: basis.userId },
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeValues: values,
  };
  if (w.completion || basis.index < 0) {
    // a completion credits the session, and a first refund or dispute makes its entry: either way the session is
    // this user's in the global record, never another's
    return transactWrite(d, [
      { Update: update },
      creditedSessionPut(d.tables.users, basis.sessionId, basis.userId, w.now),
    ]);
  }
  try {
    await d.doc.send(new UpdateCommand(update));
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/**
 * The global record of credited Checkout Sessions: one item per session in the users table, under a key no Cognito
 * subject can take, naming the user it was credited to (or whose ledger its refund or dispute reached first). Written
 * in the same transaction as the credit (or that first entry), on condition that it names no other user: a session
 * belongs to one account, whatever its metadata says later.
 */
export const creditedSessionKey = (sessionId: string) => `checkout-session#${sessionId}`;

function creditedSessionPut(table: string, sessionId: string, userId: string, at: string) {
  return {
    Put: {
      TableName: table,
      Item: { userId: creditedSessionKey(sessionId), creditedTo: userId, at },
      ConditionExpression: 'attribute_not_exists(userId) OR creditedTo = :owner',
      ExpressionAttributeValues: { ':owner': userId },
    },
  };
}

/**
 * Ends reservation `reservationId` whose credit a refund or dispute holds: the credit goes to the payment (its entry
 * counts it as taken), not back to the balance. False when the reservation or the entry moved meanwhile.
 */
async function endHeldReservation(d: Dynamo, w: Parameters<UserStore['endHeldReservation']>[0]): Promise<boolean> {
  const at = `purchases[${w.index}]`;
  try {
    await d.doc.send(
      new UpdateCommand({
        TableName: d.tables.users,
        Key: { userId: w.userId },
        UpdateExpression: `SET ${at} = :entry, updatedAt = :now REMOVE pendingAnalysis`,
        ConditionExpression:
          `pendingAnalysis.id = :id AND pendingAnalysis.heldFor = :sid AND ${at}.sessionId = :sid AND ` +
          (w.version === undefined ? `attribute_not_exists(${at}.v)` : `${at}.v = :v`),
        ExpressionAttributeValues: {
          ':entry': { ...w.entry, v: (w.version ?? 0) + 1 },
          ':now': w.now,
          ':id': w.reservationId,
          ':sid': w.entry.sessionId,
          ...(w.version === undefined ? {} : { ':v': w.version }),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/**
 * On a deleted account's tombstone: the refund we issued for a payment that arrived after the deletion, so later
 * deliveries of that payment acknowledge without refunding again. False when it was recorded already.
 */
async function recordRefundOnTombstone(
  d: Dynamo,
  r: Parameters<UserStore['recordRefundOnTombstone']>[0],
): Promise<boolean> {
  try {
    await d.doc.send(
      new UpdateCommand({
        TableName: d.tables.users,
        Key: { userId: r.userId },
        UpdateExpression:
          'SET refundedSessions = list_append(if_not_exists(refundedSessions, :empty), :ids), ' +
          'refunds = list_append(if_not_exists(refunds, :empty), :refunds)',
        ConditionExpression: 'attribute_exists(deletedAt) AND NOT contains(refundedSessions, :sid)',
        ExpressionAttributeValues: {
          ':empty': [],
          ':ids': [r.sessionId],
          ':sid': r.sessionId,
          ':refunds': [{ sessionId: r.sessionId, refundId: r.refundId, at: r.at }],
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}
