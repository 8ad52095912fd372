/**
 * Which of the user's ratings can be compared with the latest of its kind (a face photo with the latest face photo, a
 * crown photo with the latest crown photo): the same view and capture conditions within shared/comparable.ts's
 * tolerances. Ratings stored before capture conditions were kept cannot tell.
 */
import { conditionDifferences, differencePhrase, readingsOf } from '#shared/comparable.ts';
import type { CaptureConditions } from '#shared/schemas.ts';
import { viewKindOf, type KindFacts } from '#shared/view-kinds.ts';

export type Comparability =
  { kind: 'latest' } | { kind: 'comparable' } | { kind: 'incomparable'; reason: string } | { kind: 'unknown' };

/** what the list and the chart both mark: a rating, or its summary */
export type ComparableItem = KindFacts & {
  id: string;
  captureConditions?: CaptureConditions;
};

/** Pure: each item's comparability with the newest item of its kind (items newest first). */
export function comparabilityWithLatest(items: readonly ComparableItem[]): Map<string, Comparability> {
  const latest = new Map<string, ComparableItem>();
  const out = new Map<string, Comparability>();
  for (const item of items) {
    const kind = viewKindOf(item);
    const newest = latest.get(kind);
    if (!newest) {
      latest.set(kind, item);
      out.set(item.id, { kind: 'latest' });
      continue;
    }
    out.set(item.id, against(item, newest));
  }
  return out;
}

function against(item: ComparableItem, newest: ComparableItem): Comparability {
  const [before, now] = [item.captureConditions, newest.captureConditions];
  if (!before || !now) return { kind: 'unknown' };
  if (before.view !== now.view) {
    return { kind: 'incomparable', reason: 'another view' };
  }
  const differences = conditionDifferences(readingsOf(before), readingsOf(now));
  if (differences.length === 0) return { kind: 'comparable' };
  return { kind: 'incomparable', reason: [...new Set(differences.map(differencePhrase))].join(', ') };
}

const NOT_COMPARABLE = 'not comparable with the latest';

export const COMPARABILITY_TEXTS = {
  comparable: 'comparable with the latest',
  notComparable: NOT_COMPARABLE,
  incomparable: (reason: string) => `${NOT_COMPARABLE}: ${reason}`,
} as const;
