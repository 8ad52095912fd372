/**
 * Amazon Rekognition DetectFaces for one job in AWS: the AgeRange behind the 18+ rule (the in-process models do
 * everything else, so a photo scores the same in AWS as locally). One call, about $0.001, and only for a photo in which
 * the local model found a face.
 */
import { DetectFacesCommand, type DetectFacesCommandOutput, type FaceDetail } from '@aws-sdk/client-rekognition';
import { PHOTO_LONG_SIDE, toJpeg } from '../photo/photo.ts';
import type { AgeEstimator, AgeRange, RgbImage } from '../types.ts';

/** The AgeRange of the largest face in a DetectFaces answer. */
export function largestFaceAge(
  response: Pick<DetectFacesCommandOutput, 'FaceDetails'> | undefined,
): AgeRange | undefined {
  const faces = response?.FaceDetails ?? [];
  const area = (d: FaceDetail) => (d.BoundingBox?.Width ?? 0) * (d.BoundingBox?.Height ?? 0);
  const largest = [...faces].sort((a, b) => area(b) - area(a))[0];
  const age = largest?.AgeRange;
  return typeof age?.Low === 'number' && typeof age?.High === 'number' ? { low: age.Low, high: age.High } : undefined;
}

export function createRekognitionAgeEstimator(client: {
  send: (cmd: DetectFacesCommand) => Promise<Pick<DetectFacesCommandOutput, 'FaceDetails'>>;
}): AgeEstimator {
  return {
    paid: true,
    async ageRange({ photo }) {
      const image = { Bytes: await rekognitionJpeg(photo) };
      return largestFaceAge(await client.send(new DetectFacesCommand({ Image: image, Attributes: ['AGE_RANGE'] })));
    },
  };
}

/** the photo as Rekognition is sent it: the normalised photo's size, a JPEG well inside DetectFaces' 5 MB */
function rekognitionJpeg(photo: RgbImage): Promise<Uint8Array> {
  return toJpeg(photo, PHOTO_LONG_SIDE, 88);
}
