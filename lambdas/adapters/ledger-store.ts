/**
 * The purchase ledger in DynamoDB: entries live in the user's `purchases` list, beside the balance they move, so one
 * conditional UpdateItem changes the balance, the entry and the reservation's hold together or not at all. Every write
 * is conditioned on what the rules were computed from (the balance, the entry's version, the analysis in flight);
 * when anything moved in between, the write is refused and the caller reads again.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LIVE_PROFILE, isConditionalCheckFailed, type Db } from '../domain/db.ts';
import type { LedgerStep, PurchaseRecord } from '../domain/ledger.ts';
import type { UserItem } from '../domain/users.ts';

/** The user's item, read strongly consistent (what a step is computed from). */
export async function readUserItem(db: Db, userId: string): Promise<UserItem | undefined> {
  const out = await db.doc.send(new GetCommand({ TableName: db.tables.users, Key: { userId }, ConsistentRead: true }));
  return out.Item as UserItem | undefined;
}

/** What a step was computed from; the write holds only while all of it still holds. */
export interface LedgerBasis {
  userId: string;
  /** the entry's place in `purchases`, or -1 for a new entry (appended) */
  index: number;
  sessionId: string;
  /** the entry's version (undefined: written before the ledger, or new) */
  version: number | undefined;
  credits: number;
  /** the id of the analysis in flight, if any */
  pendingId: string | undefined;
}

export interface LedgerWrite {
  basis: LedgerBasis;
  step: LedgerStep;
  now: string;
  /** a late completion: the session joins processedSessions and becomes the last purchase */
  completion?: { credits: number; amountTotal: number | null };
}

/** Writes one ledger step; false when the state it was computed from has moved (read again and recompute). */
export async function writeLedgerStep(db: Db, w: LedgerWrite): Promise<boolean> {
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
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tables.users,
        Key: { userId: basis.userId },
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/**
 * Ends reservation `reservationId` whose credit a refund or dispute holds: the credit goes to the payment (its entry
 * counts it as taken), not back to the balance. False when the reservation or the entry moved meanwhile.
 */
export async function endHeldReservation(
  db: Db,
  w: {
    userId: string;
    reservationId: string;
    index: number;
    version: number | undefined;
    entry: PurchaseRecord;
    now: string;
  },
): Promise<boolean> {
  const at = `purchases[${w.index}]`;
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tables.users,
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
export async function recordRefundOnTombstone(
  db: Db,
  r: { userId: string; sessionId: string; refundId: string; at: string },
): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tables.users,
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
