import { lazy, Suspense, useEffect, useId, useState, type DragEvent } from 'react';
import type { AnalysisResult } from '#shared/schemas.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useObjectUrl } from '#web/lib/use-object-url.ts';
import { useAuth } from '#web/features/auth/index.ts';
import type { CaptureMode } from './capture-guidance.ts';
import { CaptureModeSwitch } from './CaptureModeSwitch.tsx';
import { CROWN_TEXTS, CrownPicker } from './CrownPicker.tsx';
import { photoOfMode } from './photo-source.ts';
import type { PendingPhoto } from './pending-upload.ts';
import { PhotoTips } from './PhotoTips.tsx';
import { useAnalyze } from './use-analyze.ts';
import { UPLOAD_MESSAGES } from '#shared/upload-messages.ts';
import { ACCEPT_ATTRIBUTE, prepareUpload } from './validate-upload.ts';

const CameraDialog = lazy(() => import('./CameraDialog.tsx'));

export { CROWN_TEXTS } from './CrownPicker.tsx';

/** the panel's switch: what the chosen photo shows (sent with it, so the history names it as it was taken) */
export const PHOTO_SHOWS_LABEL = 'What the photo shows';

function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export function UploadPanel({ onResult }: { onResult: (result: AnalysisResult) => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  // the crown picker opens on demand: one file input on the page until the user asks for the second
  const [crownOpen, setCrownOpen] = useState(false);
  const [crownFile, setCrownFile] = useState<File | null>(null);
  // a crown photo kept through the sign-in or pricing detour, and whether one was chosen but could not be kept
  const [keptCrown, setKeptCrown] = useState<PendingPhoto | null>(null);
  const [crownLost, setCrownLost] = useState(false);
  // browser-only facts wait for hydration, so the first render matches the prerendered page
  const hydrated = useHydrated();
  const [pending, setPending] = useState<PendingPhoto | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  // what the photo is of, sent with it: a bowed head the engine reads from above stays a hairline photo in the history
  const [mode, setMode] = useState<CaptureMode>('face');
  useEffect(() => {
    // loaded on demand: the home page's first load does not need the kept-photo store
    let live = true;
    void import('./pending-upload.ts').then(({ readPendingUpload, retakeAsked }) => {
      // "Retake like last time" on a result links here with ?retake=face or ?retake=crown: the camera opens guided
      const retake = retakeAsked(window.location.search);
      if (live && retake) setMode(retake);
      if (live && cameraAvailable() && retake) setCameraOpen(true);
      const kept = readPendingUpload();
      if (!live || !kept) return;
      setPending(kept);
      if (kept.photoOf) setMode(kept.photoOf === 'crown' ? 'crown' : 'face');
      setKeptCrown(kept.crown);
      setCrownLost(kept.crownLost);
      if (kept.crown) setCrownOpen(true);
    });
    return () => {
      live = false;
    };
  }, []);
  const [dragActive, setDragActive] = useState(false);
  const { status } = useAuth();
  const { analyze, isAnalyzing } = useAnalyze(
    (result) => {
      setPending(null);
      setKeptCrown(null);
      setCrownLost(false);
      onResult(result);
    },
    () => {
      setKeptCrown(null);
      setCrownLost(true);
    },
  );

  const previewUrl = useObjectUrl(file);
  const crownPreviewUrl = useObjectUrl(crownFile);

  // a chosen photo is read (and a large one shrunk) before it is shown: Analyze waits for it
  const [preparing, setPreparing] = useState(false);
  const prepareThen = async (candidate: File | undefined, keep: (ready: File) => void) => {
    if (!candidate) return;
    setPreparing(true);
    try {
      const ready = await accepted(candidate);
      if (ready) keep(ready);
    } finally {
      setPreparing(false);
    }
  };

  const chooseCrown = (candidate: File | undefined) =>
    prepareThen(candidate, (ready) => {
      setCrownFile(ready);
      setKeptCrown(null);
      setCrownLost(false);
    });

  const choose = (candidate: File | undefined) =>
    prepareThen(candidate, (ready) => {
      setFile(ready);
      setPending(null);
    });

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragActive(false);
    void choose(event.dataTransfer.files[0]);
  };

  const photoOf = photoOfMode(mode);
  const source = file
    ? { file, photoOf }
    : pending
      ? { uploadId: pending.uploadId, preview: pending.preview, photoOf }
      : null;
  const shownPreview = previewUrl ?? pending?.preview ?? null;
  // a crown photo goes beside a hairline photo only: a crown photo alone is the one photo
  const crownSource = mode === 'face' ? (crownFile ? { file: crownFile } : keptCrown) : null;

  return (
    <Card className="mx-auto w-full max-w-2xl">
      <h2 id="analyze-heading" className="text-2xl font-bold">
        Upload your hairline photo
      </h2>
      <p className="mt-1 text-sm text-zinc-400">A clear, front-facing photo with your forehead visible works best.</p>
      <PhotoTips />
      <CaptureModeSwitch mode={mode} onChange={setMode} label={PHOTO_SHOWS_LABEL} />

      <div
        onDragEnter={(e) => {
          e.preventDefault();
          setDragActive(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => setDragActive(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        className={cn(
          'mt-5 flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center transition',
          dragActive ? 'border-accent-teal bg-accent-teal/10' : 'border-white/20 bg-ink-950/60',
        )}
      >
        {shownPreview ? (
          <img
            src={shownPreview}
            alt={file ? 'Preview of the photo you chose' : 'Preview of the photo you chose before signing in'}
            className="max-h-64 rounded-xl object-contain"
          />
        ) : (
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-12 text-accent-teal"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          >
            <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
            <circle cx="12" cy="13" r="3.5" />
          </svg>
        )}
        {pending && !file && (
          <p className="text-sm text-accent-teal">Your photo from before is ready. Press Analyze to rate it.</p>
        )}
        <p className="text-sm text-zinc-300">Drag and drop your photo here, or</p>
        <div className="flex flex-wrap justify-center gap-3">
          <label
            htmlFor={inputId}
            className="cursor-pointer rounded-xl border border-accent-teal/60 px-4 py-2.5 text-sm font-semibold text-accent-teal hover:bg-accent-teal/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-teal"
          >
            {file || pending ? 'Choose another photo' : 'Choose a photo'}
            <input
              id={inputId}
              type="file"
              accept={ACCEPT_ATTRIBUTE}
              className="sr-only"
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          {hydrated && cameraAvailable() && (
            <Button variant="ghost" className="border border-white/15" onClick={() => setCameraOpen(true)}>
              Use camera
            </Button>
          )}
        </div>
        <p className="text-xs text-zinc-400">{UPLOAD_MESSAGES.accepted}</p>
      </div>

      {mode === 'face' && (
        <CrownPicker
          open={crownOpen}
          onOpen={() => setCrownOpen(true)}
          preview={crownPreviewUrl ?? keptCrown?.preview ?? null}
          kept={!crownFile && !!keptCrown}
          lost={crownLost}
          hasCrown={!!crownSource}
          onChoose={(candidate) => void chooseCrown(candidate)}
          onRemove={() => {
            setCrownFile(null);
            setCrownOpen(false);
            setCrownLost(false);
            // a removed crown photo must not come back with the kept face photo
            if (keptCrown) void import('./pending-upload.ts').then((kept) => kept.savePendingCrown(null));
            setKeptCrown(null);
          }}
        />
      )}

      <div className="mt-5 flex flex-col items-center gap-2">
        <Button
          size="lg"
          className="w-full sm:w-auto sm:min-w-48"
          disabled={isAnalyzing || preparing || !source || status === 'loading'}
          aria-describedby={`${inputId}-status`}
          onClick={() => void analyze(source, crownSource)}
        >
          {isAnalyzing ? 'Analyzing...' : 'Analyze'}
        </Button>
        <p id={`${inputId}-status`} aria-live="polite" className="min-h-5 text-sm text-zinc-400">
          {isAnalyzing
            ? 'Analyzing your hairline. This takes a few seconds.'
            : preparing
              ? 'Preparing your photo…'
              : !source
                ? 'Choose a photo to analyze. Each analysis uses one credit.'
                : crownSource
                  ? CROWN_TEXTS.oneCredit
                  : 'Each analysis uses one credit.'}
        </p>
      </div>

      {cameraOpen && (
        <Suspense fallback={null}>
          <CameraDialog
            open={cameraOpen}
            onOpenChange={setCameraOpen}
            signedIn={status === 'signed-in'}
            initialMode={mode}
            onUploaded={(uploadId, preview, taken) => {
              setCameraOpen(false);
              setFile(null);
              setPending({ uploadId, preview });
              setMode(taken);
              const beside = taken === 'face' ? (crownFile ? { file: crownFile } : keptCrown) : null;
              void analyze({ uploadId, preview, photoOf: photoOfMode(taken) }, beside);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** The chosen file made ready for the API; otherwise the toast that says why, and null. */
async function accepted(candidate: File): Promise<File | null> {
  const outcome = await prepareUpload(candidate);
  if ('problem' in outcome) {
    toast({ ...outcome.problem, variant: 'destructive' });
    return null;
  }
  return outcome.file;
}
