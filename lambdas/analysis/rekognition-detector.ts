/** Amazon Rekognition DetectFaces: in AWS its AgeRange is the 18+ check (the in-process models do everything else). */
import { DetectFacesCommand } from '@aws-sdk/client-rekognition';
import type { AgeEstimator, DetectedFace } from './types.ts';

/** Rekognition landmark types mapped onto the engine's names */
const LANDMARK_NAMES: Record<string, string> = {
  eyeLeft: 'leftEye', eyeRight: 'rightEye', nose: 'nose', mouthLeft: 'mouthLeft', mouthRight: 'mouthRight', chinBottom: 'chin',
  leftEyeBrowUp: 'browLeft', rightEyeBrowUp: 'browRight', midJawlineLeft: 'jawLeft', midJawlineRight: 'jawRight',
  upperJawlineLeft: 'templeLeft', upperJawlineRight: 'templeRight',
};

export function mapRekognitionFaces(response: any, width: number, height: number): DetectedFace[] {
  return (response?.FaceDetails ?? []).map((d: any): DetectedFace => {
    const b = d.BoundingBox ?? {};
    const landmarks: DetectedFace['landmarks'] = {};
    for (const l of d.Landmarks ?? []) {
      const name = LANDMARK_NAMES[l.Type];
      if (name && typeof l.X === 'number' && typeof l.Y === 'number') landmarks[name] = { x: l.X * width, y: l.Y * height };
    }
    const face: DetectedFace = {
      box: { x: (b.Left ?? 0) * width, y: (b.Top ?? 0) * height, width: (b.Width ?? 0) * width, height: (b.Height ?? 0) * height },
      landmarks,
      confidence: Math.max(0, Math.min(1, (d.Confidence ?? 0) / 100)),
    };
    if (d.AgeRange && typeof d.AgeRange.Low === 'number' && typeof d.AgeRange.High === 'number') face.ageRange = { low: d.AgeRange.Low, high: d.AgeRange.High };
    if (d.Pose) face.pose = { yaw: d.Pose.Yaw ?? 0, pitch: d.Pose.Pitch ?? 0, roll: d.Pose.Roll ?? 0 };
    return face;
  });
}

/** One DetectFaces call (about $0.001), made only for a photo in which the local model found a face. */
export function createRekognitionAgeEstimator(client: { send(cmd: any): Promise<any> }): AgeEstimator {
  return {
    async ageRange(jpeg) {
      const response = await client.send(new DetectFacesCommand({ Image: { Bytes: jpeg }, Attributes: ['AGE_RANGE'] as any }));
      const largest = mapRekognitionFaces(response, 1, 1).sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
      return largest?.ageRange;
    },
  };
}
