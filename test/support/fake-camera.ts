/**
 * Chromium's fake camera for the browser tests: a Y4M file of frames made here from photos (Chromium loops the file),
 * and Chromium launched to show it as the user's camera, permission granted.
 */
import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';

export const WIDTH = 640,
  HEIGHT = 480,
  FPS = 5;

/** RGB → I420 (BT.601, full range, as C420jpeg says): one Y4M frame */
export function i420(rgb: Buffer): Buffer {
  const out = Buffer.alloc((WIDTH * HEIGHT * 3) / 2);
  const uOff = WIDTH * HEIGHT,
    vOff = uOff + (WIDTH * HEIGHT) / 4;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = 3 * (y * WIDTH + x),
        r = rgb[i]!,
        g = rgb[i + 1]!,
        b = rgb[i + 2]!;
      out[y * WIDTH + x] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (y % 2 === 0 && x % 2 === 0) {
        const c = (y / 2) * (WIDTH / 2) + x / 2;
        out[uOff + c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
        out[vOff + c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
      }
    }
  }
  return out;
}

/** `fps`: frames per second of the file (fewer keep a long phase's file small) */
export function writeY4m(file: string, frames: Buffer[], fps = FPS): void {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${fps}:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...frames.flatMap((f: Buffer) => [Buffer.from('FRAME\n'), f])]));
}

export function launchWithCamera(video: string): Promise<Browser> {
  return launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}
