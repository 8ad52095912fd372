/** A photo to analyse: a file chosen now, or one uploaded earlier (camera, or kept through the sign-in detour). */
export type PhotoSource = { file: File } | { uploadId: string; preview?: string | null };
