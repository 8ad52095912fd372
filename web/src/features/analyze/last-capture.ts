/**
 * Last time, for the guided retake: the capture conditions of the signed-in user's newest rating of their own (never
 * someone else's, nor one still asking "Is this you?") of the kind of photo being taken (a face photo, or a crown photo
 * alone or beside a face photo). None when that rating was stored before
 * capture conditions were kept.
 */
import { ROUTE } from '#shared/routes.ts';
import { call } from '#web/lib/call.ts';
import type { AnalysisResult, CaptureConditions } from '#shared/schemas.ts';
import { viewKindOf } from '#shared/view-kinds.ts';
import { isYours } from '#shared/face-identity.ts';
import type { CaptureMode } from './capture-guidance.ts';

export interface LastCapture {
  conditions: CaptureConditions;
  createdAt: string;
}

/** how far back the newest rating of a kind is looked for */
const LOOKBACK = 20;

type Summary = Pick<
  AnalysisResult,
  'createdAt' | 'measurements' | 'captureConditions' | 'crown' | 'identity' | 'photoOf'
>;

/** Pure: the newest rating's conditions of that kind, from a page newest first. */
export function lastCaptureOf(items: readonly Summary[], mode: CaptureMode): LastCapture | null {
  for (const item of items.filter(isYours)) {
    if (mode === 'crown' && item.crown) {
      return item.crown.captureConditions
        ? { conditions: item.crown.captureConditions, createdAt: item.createdAt }
        : null;
    }
    if ((viewKindOf(item) === 'crown') !== (mode === 'crown')) continue;
    return item.captureConditions ? { conditions: item.captureConditions, createdAt: item.createdAt } : null;
  }
  return null;
}

export async function fetchLastCaptures(): Promise<Record<CaptureMode, LastCapture | null>> {
  const { items } = await call(ROUTE.listRatings, { query: { limit: String(LOOKBACK) } });
  return { face: lastCaptureOf(items, 'face'), crown: lastCaptureOf(items, 'crown') };
}
