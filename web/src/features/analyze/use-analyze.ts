import { ROUTE } from '#shared/routes.ts';
import { routePath } from '#web/lib/call.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CLIENT_REQUEST_ID_HEADER } from '#shared/client-request-id.ts';
import { UPLOAD_MESSAGES } from '#shared/upload-messages.ts';
import { AnalysisResultSchema, type AnalysisResult } from '#shared/schemas.ts';
import { ApiError, apiFetch, serverMessageOf } from '#web/lib/api.ts';
import { SESSION_KEYS, writeItem } from '#web/lib/storage-keys.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { saveLastResult } from '#web/features/results/index.ts';
import type { PhotoSource } from './photo-source.ts';
import { uploadPhoto } from './upload-photo.ts';

const NO_ANSWER_MESSAGE = 'no answer from the server. Please check your connection and try again.';
export const CROWN_EXPIRED_MESSAGE =
  'Your crown photo is no longer stored. Choose it again, or press Analyze to rate your face photo alone. No credit was used.';

export const SCROLL_TO_RESULTS_DELAY_MS = 300;
/** A little over API Gateway's 29 s: a call that has not answered by then never will. */
export const ANALYZE_CLIENT_TIMEOUT_MS = 35_000;

/** The call, or null when no answer arrived (network error, tab offline, client timeout). */
async function postAnalyze(init: RequestInit): Promise<Response | null> {
  try {
    const signal = AbortSignal.timeout(ANALYZE_CLIENT_TIMEOUT_MS);
    return await apiFetch(routePath(ROUTE.analyzeHairline), { ...init, signal });
  } catch (error) {
    console.error('analyze call got no answer', error);
    return null;
  }
}

/** The rating this call made, if it made one although its answer was lost (see recover-result.ts). */
async function recover(clientRequestId: string): Promise<AnalysisResult | null> {
  const { recoverResult } = await import('./recover-result.ts');
  return recoverResult(clientRequestId);
}

/** The kept-photo store, loaded on demand: the home page's first load needs none of it. */
const pendingUploads = () => import('./pending-upload.ts');

/** Uploads the photos so they survive the detour through /auth or /pricing (see keep-for-later.ts). */
async function keepForLater(source: PhotoSource, crown: PhotoSource | null): Promise<void> {
  const kept = await import('./keep-for-later.ts');
  await kept.keepForLater(source, crown);
}

/** A 404 that names the crown photo: its earlier upload has expired (the face photo may still be good). */
function crownUploadGone(status: number, body: string): boolean {
  if (status !== 404) return false;
  try {
    const parsed = JSON.parse(body) as { details?: { photo?: unknown } } | null;
    return parsed?.details?.photo === 'crown';
  } catch {
    return false;
  }
}

/** `onCrownLost`: the kept crown photo's upload expired; the panel drops it and keeps the face photo. */
export function useAnalyze(onResult: (result: AnalysisResult) => void, onCrownLost: () => void = () => {}) {
  const navigate = useNavigate();
  const { status, profile, profileLoading, refreshProfile } = useAuth();
  const [isAnalyzing, setIsAnalyzing] = useState(false);
  // the scroll waits for the result to render; a page left before then (or a test's teardown) must not scroll a gone
  // DOM, nor may a result that arrives after the panel is gone (a slow call, a recovery's later lookup) start one
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(scrollTimer.current);
    };
  }, []);

  const showResult = useCallback(
    (result: AnalysisResult) => {
      saveLastResult(result);
      void pendingUploads().then((kept) => kept.clearPendingUpload());
      onResult(result);
      void refreshProfile();
      clearTimeout(scrollTimer.current);
      if (!mounted.current) return;
      scrollTimer.current = setTimeout(() => {
        document.getElementById('results')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }, SCROLL_TO_RESULTS_DELAY_MS);
    },
    [onResult, refreshProfile],
  );

  const analyze = useCallback(
    /** `crown`: the optional photo of the top of the head, analysed with the face photo for the same credit */
    async (source: PhotoSource | null, crown?: PhotoSource | null) => {
      if (!source || isAnalyzing) return;
      setIsAnalyzing(true);
      try {
        if (status !== 'signed-in') {
          toast({ title: 'Login required', description: UPLOAD_MESSAGES.mustBeLoggedInToAnalyze });
          await keepForLater(source, crown ?? null);
          writeItem('session', SESSION_KEYS.cameFromAnalyze, 'true');
          writeItem('session', SESSION_KEYS.analyzeRedirectPending, 'true');
          void navigate('/auth');
          return;
        }
        if (!profileLoading && profile && profile.credits <= 0) {
          toast({ title: 'No credits left', description: UPLOAD_MESSAGES.notEnoughCredits });
          await keepForLater(source, crown ?? null);
          void navigate('/pricing');
          return;
        }

        // the crown photo goes first as an upload of its own, so each request carries one photo (AWS's 6 MB limit)
        let crownUploadId: string | undefined;
        if (crown && 'uploadId' in crown) {
          crownUploadId = crown.uploadId;
        } else if (crown) {
          try {
            crownUploadId = await uploadPhoto(crown.file, crown.file.name || 'crown.jpg');
          } catch (error) {
            const message = error instanceof ApiError ? error.serverMessage : NO_ANSWER_MESSAGE;
            toast({
              title: 'Crown photo not accepted',
              description: `Crown photo: ${message}`,
              variant: 'destructive',
            });
            return;
          }
        }

        // one id per call: stored on the rating, so a call whose answer is lost can still find its result
        const clientRequestId = crypto.randomUUID();
        const init: RequestInit = { method: 'POST', headers: { [CLIENT_REQUEST_ID_HEADER]: clientRequestId } };
        if ('file' in source) {
          const form = new FormData();
          // shrunk when chosen (validate-upload.ts): AWS refuses requests above 6 MB once base64-encoded
          form.append('image', source.file, source.file.name || 'photo.jpg');
          if (crownUploadId) form.append('crownUploadId', crownUploadId);
          if (source.photoOf) form.append('photoOf', source.photoOf);
          init.body = form;
        } else {
          init.body = JSON.stringify({
            uploadId: source.uploadId,
            ...(crownUploadId ? { crownUploadId } : {}),
            ...(source.photoOf ? { photoOf: source.photoOf } : {}),
          });
          init.headers = { ...init.headers, 'content-type': 'application/json' };
        }
        const res = await postAnalyze(init);
        if (!res || res.status >= 500) {
          const recovered = await recover(clientRequestId);
          if (recovered) {
            showResult(recovered);
            return;
          }
        }
        if (!res || !res.ok) {
          const body = res ? await res.text().catch(() => '') : '';
          const message = res ? serverMessageOf(body, res.statusText) : NO_ANSWER_MESSAGE;
          if (res && crownUploadGone(res.status, body)) {
            // only the crown photo is gone: keep the face photo, nothing was charged
            (await pendingUploads()).savePendingCrown('lost');
            onCrownLost();
            toast({ title: 'Crown photo expired', description: CROWN_EXPIRED_MESSAGE, variant: 'destructive' });
          } else if (res?.status === 402) {
            toast({
              title: 'Not enough credits',
              description: UPLOAD_MESSAGES.notEnoughCredits,
              variant: 'destructive',
            });
            await keepForLater(source, crown ?? null);
            void navigate('/pricing');
          } else if (res?.status === 422) {
            // a rejected photo (no hairline found, several faces, apparent minor): no credit was taken
            toast({ title: 'Photo not accepted', description: message, variant: 'destructive' });
          } else if (res?.status === 429) {
            // another analysis of this account is still running (another tab, or a double submit); this one cost nothing
            toast({ title: 'Analysis in progress', description: message });
          } else {
            if ('uploadId' in source) (await pendingUploads()).clearPendingUpload();
            toast({
              title: 'Analysis failed',
              description: `Failed to analyze hairline: ${message}`,
              variant: 'destructive',
            });
          }
          return;
        }
        showResult(AnalysisResultSchema.parse(await res.json()));
      } catch (error) {
        // the spec: other errors are only logged
        console.error('analyze failed', error);
      } finally {
        setIsAnalyzing(false);
      }
    },
    [isAnalyzing, status, profile, profileLoading, navigate, showResult, onCrownLost],
  );

  return { analyze, isAnalyzing };
}
