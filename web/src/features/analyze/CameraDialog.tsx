import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { CROWN_GUIDE_HINT, type CaptureMode } from './capture-guidance.ts';
import { CaptureModeSwitch } from './CaptureModeSwitch.tsx';
import { FaceOvalGuide } from './FaceOvalGuide.tsx';
import { makePreview } from './make-preview.ts';
import { CAMERA_GUIDE_HINT } from './photo-tips.ts';
import { uploadPhoto } from './upload-photo.ts';
import { useCaptureGuidance, type Guidance } from './use-capture-guidance.ts';
import { RetakeOutline } from './RetakeOutline.tsx';
import { RetakeSwitch } from './RetakeSwitch.tsx';
import { RETAKE_GUIDE_HINT, targetOf } from './retake-guidance.ts';
import { retakeAsked } from './pending-upload.ts';
import { useLastCaptures } from './use-last-capture.ts';

export const CAPTURE_JPEG_QUALITY = 0.95;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the photo taken, and the mode it was taken in (what it is of) */
  onUploaded: (uploadId: string, preview: string | null, mode: CaptureMode) => void;
  /** a signed-in user may retake like last time: their newest rating's conditions are read */
  signedIn?: boolean;
  /** the mode it opens in (the upload panel's), unless a retake link asks for one */
  initialMode?: CaptureMode;
}

function captureFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', CAPTURE_JPEG_QUALITY));
}

/** The one instruction under the preview; the manual fallback says plainly that nobody checks the frame. */
function instructionOf(guidance: Guidance, retaking: boolean): string {
  if (guidance.status === 'loading') return 'Starting the camera guide...';
  if (guidance.status === 'unavailable') {
    return 'The camera guide could not start: check the tips yourself, then press Capture.';
  }
  if (!guidance.ready) return guidance.text;
  return retaking ? 'Matches last time: press Capture' : 'Ready: press Capture';
}

export default function CameraDialog({
  open,
  onOpenChange,
  onUploaded,
  signedIn = false,
  initialMode = 'face',
}: Props) {
  // opened from "Retake like last time" on a result (?retake=face or crown): that kind of photo, the retake on
  const [retake] = useState(() => retakeAsked(window.location.search));
  const videoRef = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<CaptureMode>(retake ?? initialMode);
  const [retakeOn, setRetakeOn] = useState(retake !== undefined);
  const last = useLastCaptures(signedIn)[mode];
  const retaking = retakeOn && last !== null;
  // the guidance starts with the stream; the video element is read through state so the hook sees it once mounted
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const guidance = useCaptureGuidance(stream ? video : null, mode, retaking ? targetOf(last.conditions) : null);
  const shutterOpen = guidance.status === 'unavailable' || (guidance.status === 'guiding' && guidance.ready);
  const hintId = useId();

  useEffect(() => {
    if (!open) return;
    let active: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user' }, audio: false })
      .then((s) => {
        if (cancelled) return s.getTracks().forEach((t) => t.stop());
        active = s;
        setStream(s);
      })
      .catch(() => setProblem('Camera access was denied or no camera was found. You can choose a photo file instead.'));
    return () => {
      cancelled = true;
      active?.getTracks().forEach((t) => t.stop());
      setStream(null);
    };
  }, [open]);

  useEffect(() => {
    if (videoRef.current && stream) videoRef.current.srcObject = stream;
    setVideo(stream ? videoRef.current : null);
  }, [stream]);

  const capture = async () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    setBusy(true);
    try {
      const blob = await captureFrame(video);
      if (!blob) throw new Error('capture produced no image');
      const [uploadId, preview] = await Promise.all([uploadPhoto(blob, 'photo.jpg'), makePreview(blob)]);
      onUploaded(uploadId, preview, mode);
    } catch (error) {
      console.error('Upload failed', error);
      window.alert('Failed to upload photo. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,36rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-white/10 bg-ink-900 p-5 shadow-2xl">
          <Dialog.Title className="text-lg font-bold">Take a photo</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-zinc-400">
            {mode === 'face'
              ? 'Face the camera with your forehead and hairline in view; Capture opens when the frame is good.'
              : 'Hold the camera above your head, pointing down at your crown; Capture opens when the frame is good.'}
          </Dialog.Description>
          {!problem && <CaptureModeSwitch mode={mode} onChange={setMode} />}
          {!problem && last && <RetakeSwitch last={last} on={retakeOn} onChange={setRetakeOn} />}
          <div className="mt-4 overflow-hidden rounded-xl bg-black">
            {problem ? (
              <p role="alert" className="p-6 text-sm text-danger">
                {problem}
              </p>
            ) : (
              // the guide lies over the video element; a capture draws the video alone, so the guide is never in the photo
              <div className="relative aspect-video w-full">
                <video
                  ref={videoRef}
                  autoPlay
                  playsInline
                  muted
                  className="h-full w-full object-cover"
                  aria-label="Camera preview"
                  aria-describedby={hintId}
                />
                {retaking ? <RetakeOutline conditions={last.conditions} /> : mode === 'face' && <FaceOvalGuide />}
              </div>
            )}
          </div>
          {!problem && (
            <>
              <p id={hintId} className="mt-2 text-center text-sm text-zinc-300" data-testid="camera-hint">
                {retaking ? RETAKE_GUIDE_HINT : mode === 'face' ? CAMERA_GUIDE_HINT : CROWN_GUIDE_HINT}
              </p>
              {/* polite: read when the instruction changes, not every frame (the text changes with the rule only) */}
              <p
                aria-live="polite"
                className="mt-1 text-center text-base font-semibold text-zinc-100"
                data-testid="camera-instruction"
                data-rule={guidance.status === 'guiding' ? guidance.rule : guidance.status}
              >
                {instructionOf(guidance, retaking)}
              </p>
            </>
          )}
          <div className="mt-4 flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="ghost">Cancel</Button>
            </Dialog.Close>
            <Button onClick={() => void capture()} disabled={!stream || busy || !shutterOpen}>
              {busy ? 'Uploading...' : 'Capture'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
