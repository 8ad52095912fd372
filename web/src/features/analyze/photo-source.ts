import type { PhotoSubject } from '#shared/schemas.ts';
import type { CaptureMode } from './capture-guidance.ts';

/**
 * A photo to analyse: a file chosen now, or one uploaded earlier (camera, or kept through the sign-in detour), and what
 * the user said it is of (the panel's or the camera's mode), sent with it so the history names it as they took it.
 */
export type PhotoSource = ({ file: File } | { uploadId: string; preview?: string | null }) & { photoOf?: PhotoSubject };

/** the API's name for what a capture mode photographs */
export const photoOfMode = (mode: CaptureMode): PhotoSubject => (mode === 'crown' ? 'crown' : 'hairline');
