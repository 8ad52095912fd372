import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CLIENT_REQUEST_ID_HEADER } from '#shared/client-request-id.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { AnalysisResult } from '#shared/schemas.ts';
import { ApiError, apiFetch, serverMessageOf } from '#web/lib/api.ts';
import { SESSION_KEYS, writeItem } from '#web/lib/storage-keys.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { saveLastResult } from '#web/features/results/index.ts';
import { clearPendingUpload, makePreview, savePendingUpload } from './pending-upload.ts';
import { prepareForUpload } from './shrink-image.ts';
import { uploadPhoto } from './upload-photo.ts';

const NO_ANSWER_MESSAGE = 'no answer from the server. Please check your connection and try again.';

export type AnalyzeSource = { file: File } | { uploadId: string; preview?: string | null };

export const SCROLL_TO_RESULTS_DELAY_MS = 300;
/** A little over API Gateway's 29 s: a call that has not answered by then never will. */
export const ANALYZE_CLIENT_TIMEOUT_MS = 35_000;

/** The call, or null when no answer arrived (network error, tab offline, client timeout). */
async function postAnalyze(init: RequestInit): Promise<Response | null> {
  try {
    return await apiFetch('/api/analyze-hairline', { ...init, signal: AbortSignal.timeout(ANALYZE_CLIENT_TIMEOUT_MS) });
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

/** Uploads the photo so it survives the detour through /auth or /pricing (full page loads lose the File). */
async function keepForLater(source: AnalyzeSource): Promise<void> {
  if ('uploadId' in source) {
    savePendingUpload(source.uploadId, source.preview ?? null);
    return;
  }
  try {
    const [uploadId, preview] = await Promise.all([
      uploadPhoto(source.file, source.file.name || 'photo.jpg'),
      makePreview(source.file),
    ]);
    savePendingUpload(uploadId, preview);
  } catch (error) {
    console.error('could not keep the photo for after sign-in', error);
  }
}

export function useAnalyze(onResult: (result: AnalysisResult) => void) {
  const navigate = useNavigate();
  const { status, profile, profileLoading, refreshProfile } = useAuth();
  const [isAnalyzing, setIsAnalyzing] = useState(false);

  const showResult = useCallback(
    (result: AnalysisResult) => {
      saveLastResult(result);
      clearPendingUpload();
      onResult(result);
      void refreshProfile();
      setTimeout(() => {
        document.getElementById('results')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }, SCROLL_TO_RESULTS_DELAY_MS);
    },
    [onResult, refreshProfile],
  );

  const analyze = useCallback(
    /** `crown`: the optional photo of the top of the head, analysed with the face photo for the same credit */
    async (source: AnalyzeSource | null, crown?: File | null) => {
      if (!source || isAnalyzing) return;
      setIsAnalyzing(true);
      try {
        if (status !== 'signed-in') {
          toast({ title: 'Login required', description: MESSAGES.mustBeLoggedInToAnalyze });
          await keepForLater(source);
          writeItem('session', SESSION_KEYS.cameFromAnalyze, 'true');
          writeItem('session', SESSION_KEYS.analyzeRedirectPending, 'true');
          void navigate('/auth');
          return;
        }
        if (!profileLoading && profile && profile.credits <= 0) {
          toast({ title: 'No credits left', description: MESSAGES.notEnoughCredits });
          await keepForLater(source);
          void navigate('/pricing');
          return;
        }

        // the crown photo goes first as an upload of its own, so each request carries one photo (AWS's 6 MB limit)
        let crownUploadId: string | undefined;
        if (crown) {
          try {
            crownUploadId = await uploadPhoto(crown, crown.name || 'crown.jpg');
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
          // large photos are shrunk first: AWS refuses requests above 6 MB once base64-encoded
          const file = await prepareForUpload(source.file);
          form.append('image', file, file.name || 'photo.jpg');
          if (crownUploadId) form.append('crownUploadId', crownUploadId);
          init.body = form;
        } else {
          init.body = JSON.stringify({ uploadId: source.uploadId, ...(crownUploadId ? { crownUploadId } : {}) });
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
          const message = res ? serverMessageOf(await res.text().catch(() => ''), res.statusText) : NO_ANSWER_MESSAGE;
          if (res?.status === 402) {
            toast({ title: 'Not enough credits', description: MESSAGES.notEnoughCredits, variant: 'destructive' });
            await keepForLater(source);
            void navigate('/pricing');
          } else if (res?.status === 422) {
            // a rejected photo (no hairline found, several faces, apparent minor): no credit was taken
            toast({ title: 'Photo not accepted', description: message, variant: 'destructive' });
          } else if (res?.status === 429) {
            // another analysis of this account is still running (another tab, or a double submit); this one cost nothing
            toast({ title: 'Analysis in progress', description: message });
          } else {
            if ('uploadId' in source) clearPendingUpload();
            toast({
              title: 'Analysis failed',
              description: `Failed to analyze hairline: ${message}`,
              variant: 'destructive',
            });
          }
          return;
        }
        showResult((await res.json()) as AnalysisResult);
      } catch (error) {
        // the spec: other errors are only logged
        console.error('analyze failed', error);
      } finally {
        setIsAnalyzing(false);
      }
    },
    [isAnalyzing, status, profile, profileLoading, navigate, showResult],
  );

  return { analyze, isAnalyzing };
}
