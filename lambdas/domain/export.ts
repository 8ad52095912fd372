/**
 * The account export (GET /api/me/export): the profile, every purchase, every rating and the retake reminder of the caller, as one JSON
 * document. Thumbnails are included while they fit a budget that keeps the response under Lambda's 6 MB limit;
 * beyond it, no rating carries its image and `imagesIncluded` is false.
 */
import { countUserCall } from './user-limits.ts';
import type { AccountExport, Purchase } from '#shared/schemas.ts';
import { fromStored, stateOf } from './ledger.ts';
import type { Caller } from './caller.ts';
import { systemClock } from './db.ts';
import type { RatingsCursorKey } from './rating-cursors.ts';
import { toResult } from './rating-mapping.ts';
import { ensureProfile, toProfile, type UserItem, type UsersDeps } from './users.ts';

/** base64 characters of thumbnails one export may carry (the rest of the document is small next to it) */
export const EXPORT_IMAGE_BUDGET = 3_500_000;

export interface ExportDeps extends UsersDeps {
  imageBudget?: number;
}

/** Pure: the recorded purchases, plus any session credited before purchases were recorded (details unknown). */
export function purchasesOf(user: Pick<UserItem, 'purchases' | 'processedSessions'>): Purchase[] {
  const recorded: Purchase[] = (user.purchases ?? []).map((stored) => {
    const p = fromStored(stored);
    const state = p.state ?? stateOf(p);
    return {
      sessionId: p.sessionId,
      credits: p.credits ?? null,
      amountTotal: p.amountTotal ?? null,
      currency: p.currency ?? null,
      at: p.at ?? null,
      ...(state === 'completed'
        ? {}
        : {
            state,
            amountRefunded: p.amountRefunded ?? 0,
            ...(p.dispute ? { dispute: p.dispute } : {}),
            creditsTaken: p.creditsTaken ?? 0,
            creditsSpent: p.creditsSpent ?? 0,
          }),
    };
  });
  const known = new Set(recorded.map((p) => p.sessionId));
  const legacy = (user.processedSessions ?? [])
    .filter((id) => !known.has(id))
    .map((sessionId) => ({ sessionId, credits: null, amountTotal: null, currency: null, at: null }));
  return [...legacy, ...recorded];
}

type ExportedRating = AccountExport['ratings'][number];

export async function exportAccount(deps: ExportDeps, caller: Caller): Promise<AccountExport> {
  const clock = deps.clock ?? systemClock;
  const budget = deps.imageBudget ?? EXPORT_IMAGE_BUDGET;
  const user = await ensureProfile(deps, caller);
  await countUserCall(deps, caller.userId, 'export');

  const ratings: ExportedRating[] = [];
  let imagesIncluded = true;
  let imageChars = 0;
  let start: RatingsCursorKey | undefined;
  do {
    // the crown part without its images: the export carries thumbnails only
    const page = await deps.db.ratings.summaries(caller.userId, {
      thumbnails: imagesIncluded,
      shareIds: true,
      ...(start ? { start } : {}),
    });
    for (const item of page.items) {
      const { imageBase64, ...rest } = toResult(item, { withOverlay: false });
      const rating: ExportedRating = { ...rest, shareId: typeof item.shareId === 'string' ? item.shareId : null };
      if (imagesIncluded && imageBase64) {
        imageChars += imageBase64.length;
        if (imageChars > budget) {
          imagesIncluded = false;
          for (const r of ratings) delete r.imageBase64;
        } else {
          rating.imageBase64 = imageBase64;
        }
      }
      ratings.push(rating);
    }
    start = page.next;
  } while (start);

  const reminder = await deps.db.reminders.get(caller.userId);
  return {
    exportedAt: clock.now().toISOString(),
    profile: toProfile(user),
    purchases: purchasesOf(user),
    ratings,
    imagesIncluded,
    reminder: reminder ? { dueAt: reminder.dueAt, email: reminder.email, createdAt: reminder.createdAt } : null,
  };
}

/** hairline-rater-export-2026-03-01.json */
export const exportFileName = (at: Date) => `hairline-rater-export-${at.toISOString().slice(0, 10)}.json`;
