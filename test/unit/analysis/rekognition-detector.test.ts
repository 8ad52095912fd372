import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DetectFacesCommand } from '@aws-sdk/client-rekognition';
import { createRekognitionFaceDetector } from '../../../lambdas/analysis/index.ts';
import { mainFace } from '../../../lambdas/analysis/faces.ts';
import type { DetectedFace } from '../../../lambdas/analysis/types.ts';

const recorded = JSON.parse(readFileSync(new URL('../../fixtures/rekognition/detect-faces-all.json', import.meta.url), 'utf8'));
const image = { rgb: new Uint8Array(0), width: 1000, height: 800, jpeg: new Uint8Array([0xff, 0xd8, 0xff]) };

describe('Rekognition face detector', () => {
  it('sends DetectFaces with the photo bytes and age and pose attributes', async () => {
    const sent: any[] = [];
    await createRekognitionFaceDetector({ send: async (cmd) => { sent.push(cmd); return recorded; } }).detect(image);
    expect(sent[0]).toBeInstanceOf(DetectFacesCommand);
    expect(sent[0].input.Image.Bytes).toBe(image.jpeg);
    expect(sent[0].input.Attributes).toEqual(expect.arrayContaining(['AGE_RANGE', 'POSE']));
  });

  it('maps ratios to pixels, landmarks to engine names, confidence to 0..1', async () => {
    const faces = await createRekognitionFaceDetector({ send: async () => recorded }).detect(image);
    expect(faces).toHaveLength(2);
    const f = faces[0]!;
    expect(f.box.x).toBeCloseTo(331.8, 1);
    expect(f.box.y).toBeCloseTo(145.4, 1);
    expect(f.box.width).toBeCloseTo(363.6, 1);
    expect(f.landmarks.leftEye).toEqual({ x: expect.closeTo(441.5, 1), y: expect.closeTo(289.1, 1) });
    expect(Object.keys(f.landmarks)).toEqual(expect.arrayContaining(['rightEye', 'nose', 'mouthLeft', 'mouthRight', 'chin', 'browLeft', 'browRight']));
    expect(f.ageRange).toEqual({ low: 26, high: 38 });
    expect(f.pose).toEqual({ yaw: -3.87, pitch: 8.91, roll: 1.42 });
    expect(f.confidence).toBeCloseTo(0.99999, 4);
  });

  it('copes with an empty answer', async () => {
    expect(await createRekognitionFaceDetector({ send: async () => ({}) }).detect(image)).toEqual([]);
  });
});

describe('mainFace', () => {
  const face = (w: number, conf: number, high?: number): DetectedFace => ({
    box: { x: 0, y: 0, width: w, height: w }, landmarks: {}, confidence: conf, ...(high ? { ageRange: { low: high - 8, high } } : {}),
  });

  it('keeps the largest face and ignores small or unsure background faces', () => {
    expect(mainFace([face(50, 0.9), face(300, 0.99), face(280, 0.3)])?.box.width).toBe(300);
  });

  it('refuses two confident faces of comparable size', () => {
    expect(() => mainFace([face(300, 0.99), face(250, 0.95)])).toThrow(expect.objectContaining({ code: 'multiple_faces' }));
  });

  it('refuses a face whose whole age range is under 18', () => {
    expect(() => mainFace([face(300, 0.99, 17)])).toThrow(expect.objectContaining({ code: 'minor' }));
    expect(mainFace([face(300, 0.99, 25)])).toBeDefined();
  });
});
