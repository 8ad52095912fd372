import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CameraDialog from '#web/features/analyze/CameraDialog.tsx';
import { CAMERA_GUIDE_HINT } from '#web/features/analyze/photo-tips.ts';

const stop = vi.fn();
// the real model needs WebGL or a canvas; here it fails to load, as it would in a browser without them
const loadFaceModel = vi.hoisted(() =>
  vi.fn(async () => {
    throw new Error('no backend');
  }),
);
vi.mock('#web/features/analyze/face-model.ts', () => ({ loadFaceModel }));

/** happy-dom's own MediaStream (a video element accepts nothing else), with one track to stop */
function cameraStream(): MediaStream {
  const stream = new MediaStream();
  stream.getTracks = () => [{ stop } as unknown as MediaStreamTrack];
  return stream;
}

function mockCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(getUserMedia) },
  });
}

beforeEach(() => {
  stop.mockClear();
  // the dialog logs why the guide could not start
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('CameraDialog', () => {
  it('draws a face-oval guide over the preview, with the hint in words', async () => {
    mockCamera(async () => cameraStream());
    render(<CameraDialog open onOpenChange={() => {}} onUploaded={() => {}} />);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Capture' }) as HTMLButtonElement).disabled).toBe(false),
    );
    const guide = screen.getByTestId('face-oval-guide');
    expect(guide.getAttribute('aria-hidden')).toBe('true');
    expect(guide.querySelector('ellipse')).toBeTruthy();
    const video = screen.getByLabelText('Camera preview');
    // over the video, not inside it: a sibling in the same frame
    expect(guide.parentElement).toBe(video.parentElement);
    expect(screen.getByText(CAMERA_GUIDE_HINT)).toBeTruthy();
    expect(video.getAttribute('aria-describedby')).toBe(screen.getByTestId('camera-hint').id);
  });

  it('loads the face model once the camera is open; without it, says so and leaves the shutter open', async () => {
    loadFaceModel.mockClear();
    let grant: (s: MediaStream) => void = () => {};
    mockCamera(() => new Promise((resolve) => (grant = resolve)));
    render(<CameraDialog open onOpenChange={() => {}} onUploaded={() => {}} />);
    const capture = screen.getByRole('button', { name: 'Capture' }) as HTMLButtonElement;
    expect(capture.disabled).toBe(true);
    expect(loadFaceModel).not.toHaveBeenCalled();
    grant(cameraStream());
    const instruction = screen.getByTestId('camera-instruction');
    expect(instruction.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(instruction.textContent).toContain('The camera guide could not start'));
    expect(loadFaceModel).toHaveBeenCalledTimes(1);
    expect(capture.disabled).toBe(false);
  });

  it('crown mode: no face oval, the crown hint', async () => {
    mockCamera(async () => cameraStream());
    render(<CameraDialog open onOpenChange={() => {}} onUploaded={() => {}} />);
    const crown = screen.getByRole('button', { name: 'Crown (top of head)' });
    expect(crown.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(crown);
    expect(crown.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('face-oval-guide')).toBeNull();
    expect(screen.getByTestId('camera-hint').textContent).toMatch(/top of your head/);
  });

  it('the captured photo is the video frame alone: the guide is never drawn into it', async () => {
    mockCamera(async () => cameraStream());
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done: BlobCallback) =>
      done(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })),
    );
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (String(input).endsWith('/runtime-config.json')) return new Response('{}', { status: 404 });
        posted.push(String(input));
        return Response.json({ id: 'up-7' });
      }),
    );
    const onUploaded = vi.fn();
    render(<CameraDialog open onOpenChange={() => {}} onUploaded={onUploaded} />);
    const video = screen.getByLabelText('Camera preview') as HTMLVideoElement;
    Object.defineProperty(video, 'videoWidth', { value: 1280 });
    Object.defineProperty(video, 'videoHeight', { value: 720 });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Capture' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Capture' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('up-7', null, 'face'));
    expect(posted).toEqual(['/api/upload']);
    expect(drawImage).toHaveBeenCalledTimes(1);
    expect(drawImage).toHaveBeenCalledWith(video, 0, 0, 1280, 720);
  });

  it('no camera: the message, and no guide or hint over nothing', async () => {
    mockCamera(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    render(<CameraDialog open onOpenChange={() => {}} onUploaded={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Camera access was denied');
    expect(screen.queryByTestId('face-oval-guide')).toBeNull();
    expect(screen.queryByText(CAMERA_GUIDE_HINT)).toBeNull();
  });
});
