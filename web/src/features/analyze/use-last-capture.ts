import { useEffect, useState } from 'react';
import type { CaptureMode } from './capture-guidance.ts';
import { fetchLastCaptures, type LastCapture } from './last-capture.ts';

/** Last time's conditions of each kind of photo, read once per opening for a signed-in user; none on failure. */
export function useLastCaptures(signedIn: boolean): Record<CaptureMode, LastCapture | null> {
  const [last, setLast] = useState<Record<CaptureMode, LastCapture | null>>({ face: null, crown: null });
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    fetchLastCaptures()
      .then((found) => live && setLast(found))
      .catch((error: unknown) => console.warn('Last capture unavailable', error));
    return () => {
      live = false;
    };
  }, [signedIn]);
  return last;
}
