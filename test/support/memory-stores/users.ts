/** UserStore in memory: the conditions of lambdas/adapters/store/users.ts, checked on a Map. */
import { ConditionFailed } from '#lambdas/domain/ports/condition-failed.ts';
import type { UserItem, UserStore } from '#lambdas/domain/ports/users.ts';
import { copy, type MemoryTables } from './state.ts';

const isLive = (u: UserItem | undefined): u is UserItem => u !== undefined && u.deletedAt === undefined;
const has = (list: string[] | undefined, id: string) => (list ?? []).includes(id);
/** the entry at `index` is this session's, at this version (undefined: written before versions) */
const entryAt = (u: UserItem, index: number, sessionId: string, version: number | undefined) => {
  const at = u.purchases?.[index];
  return at !== undefined && at.sessionId === sessionId && at.v === version;
};

export function memoryUserStore(t: MemoryTables): UserStore {
  const users = t.users;
  /** the global record of credited sessions names another user for this one */
  const ownedByAnother = (sessionId: string, userId: string) => {
    const owner = t.creditedSessions.get(sessionId);
    return owner !== undefined && owner !== userId;
  };
  const live = (userId: string, what: string) => {
    const u = users.get(userId);
    if (!isLive(u)) throw new ConditionFailed(what);
    return u;
  };
  return {
    async get(userId) {
      const u = users.get(userId);
      return u && copy(u);
    },

    async createIfAbsent(item) {
      if (users.has(item.userId)) return false;
      users.set(item.userId, copy(item));
      return true;
    },

    async adoptProvisional(userId, names, now) {
      const u = users.get(userId);
      if (u?.provisional !== true) return undefined;
      Object.assign(u, copy(names), { updatedAt: now });
      delete u.provisional;
      return copy(u);
    },

    async patch(userId, fields, now) {
      const u = live(userId, `profile ${userId} is not live`);
      Object.assign(u, copy(fields), { updatedAt: now });
      return copy(u);
    },

    async setStripeCustomerIfAbsent(userId, customerId, now) {
      const u = users.get(userId);
      if (!isLive(u) || (u.stripeCustomerId !== undefined && u.stripeCustomerId !== null)) return false;
      Object.assign(u, { stripeCustomerId: customerId, updatedAt: now });
      return true;
    },

    async replaceStripeCustomer(userId, customerId, now) {
      Object.assign(live(userId, `profile ${userId} is not live`), { stripeCustomerId: customerId, updatedAt: now });
    },

    async markDeleted(userId, at) {
      const replaced = users.get(userId);
      if (replaced?.deletedAt !== undefined) return { marked: false };
      users.set(userId, { userId, deletedAt: at } as UserItem);
      return { marked: true, replaced };
    },

    async reserveCredit(userId, pending) {
      const u = users.get(userId);
      if (!u) return { reserved: false };
      if (u.deletedAt !== undefined) return { reserved: false, seen: { deleted: true } };
      if (u.pendingAnalysis || typeof u.credits !== 'number' || u.credits < 1) {
        return { reserved: false, seen: u.pendingAnalysis ? { pending: copy(u.pendingAnalysis) } : {} };
      }
      Object.assign(u, { credits: u.credits - 1, pendingAnalysis: copy(pending), updatedAt: pending.startedAt });
      return { reserved: true };
    },

    async refundReservation(userId, id, now) {
      const u = users.get(userId);
      if (u?.pendingAnalysis?.id !== id || u.pendingAnalysis.heldFor !== undefined) return false;
      Object.assign(u, { credits: u.credits + 1, updatedAt: now });
      delete u.pendingAnalysis;
      return true;
    },

    async endHeldReservation(w) {
      const u = users.get(w.userId);
      const pending = u?.pendingAnalysis;
      if (!u || pending?.id !== w.reservationId || pending.heldFor !== w.entry.sessionId) return false;
      if (!entryAt(u, w.index, w.entry.sessionId, w.version)) return false;
      u.purchases![w.index] = { ...copy(w.entry), v: (w.version ?? 0) + 1 };
      u.updatedAt = w.now;
      delete u.pendingAnalysis;
      return true;
    },

    async fulfilPurchase(userId, purchase, now) {
      const u = users.get(userId);
      const sid = purchase.sessionId;
      if (!isLive(u) || has(u.processedSessions, sid) || has(u.reversedEarly, sid)) return undefined;
      if (ownedByAnother(sid, userId)) return undefined;
      t.creditedSessions.set(sid, userId);
      Object.assign(u, {
        lastPurchase: now,
        lastPurchaseAmount: purchase.amountTotal,
        lastPurchaseCredits: purchase.credits,
        updatedAt: now,
        processedSessions: [...(u.processedSessions ?? []), sid],
        purchases: [...(u.purchases ?? []), copy(purchase)],
        credits: (u.credits ?? 0) + purchase.credits,
      });
      return u.credits;
    },

    async writeLedgerStep({ basis, step, now, completion }) {
      const u = users.get(basis.userId);
      const sid = basis.sessionId;
      if (!isLive(u) || u.credits !== basis.credits) return false;
      if (
        basis.index >= 0
          ? !entryAt(u, basis.index, sid, basis.version)
          : has(u.processedSessions, sid) || has(u.reversedEarly, sid)
      )
        return false;
      if (basis.pendingId === undefined ? u.pendingAnalysis !== undefined : u.pendingAnalysis?.id !== basis.pendingId)
        return false;
      if (step.hold && u.pendingAnalysis?.heldFor !== undefined) return false;
      if (completion && has(u.processedSessions, sid)) return false;
      const recorded = completion !== undefined || basis.index < 0;
      if (recorded && ownedByAnother(sid, basis.userId)) return false;

      const entry = { ...copy(step.entry), v: (basis.version ?? 0) + 1 };
      u.credits = basis.credits + step.creditsDelta;
      u.updatedAt = now;
      if (basis.index >= 0) u.purchases![basis.index] = entry;
      else {
        u.purchases = [...(u.purchases ?? []), entry];
        u.reversedEarly = [...(u.reversedEarly ?? []), sid];
      }
      if (step.hold) u.pendingAnalysis!.heldFor = sid;
      if (step.release) delete u.pendingAnalysis!.heldFor;
      if (recorded) t.creditedSessions.set(sid, basis.userId);
      if (completion) {
        Object.assign(u, {
          processedSessions: [...(u.processedSessions ?? []), sid],
          lastPurchase: now,
          lastPurchaseAmount: completion.amountTotal,
          lastPurchaseCredits: completion.credits,
        });
      }
      return true;
    },

    async creditedTo(sessionId) {
      return t.creditedSessions.get(sessionId);
    },

    async recordRefundOnTombstone(r) {
      const u = users.get(r.userId) as (UserItem & { refunds?: unknown[] }) | undefined;
      if (u?.deletedAt === undefined || has(u.refundedSessions, r.sessionId)) return false;
      u.refundedSessions = [...(u.refundedSessions ?? []), r.sessionId];
      u.refunds = [...(u.refunds ?? []), { sessionId: r.sessionId, refundId: r.refundId, at: r.at }];
      return true;
    },
  };
}
