/**
 * Third-party model files that do not ship inside an npm package. None is committed: `npm run models` places each one
 * in the git-ignored cache (MODEL_CACHE_DIR, default `.models/`) from a local mirror (MODELS_DIR, default
 * `../shared/models`, laid out `<MODELS_DIR>/<name>/<file>`) or else from the publisher's URL, and refuses any file
 * whose SHA-256 is not the one pinned here. The analysis bundle copies them from the cache.
 */
export interface ModelFile {
  /** folder name, in the mirror and in the cache */
  name: string;
  file: string;
  /** the publisher's own download address */
  url: string;
  sha256: string;
  bytes: number;
  licence: string;
  /** where the file comes from, for the docs */
  provenance: string;
  /** what loads it */
  usedBy: string;
}

export const MODEL_FILES = [
  {
    name: 'mediapipe-hair-segmentation',
    file: 'hair_segmentation.tflite',
    url: 'https://storage.googleapis.com/mediapipe-assets/hair_segmentation.tflite?generation=1661875756623461',
    sha256: 'd2c940c4fd80edeaf38f5d7387d1b4235ee320ed120080df67c663e749e77633',
    bytes: 780_588,
    licence: 'Apache-2.0 (google/mediapipe, mediapipe/models/hair_segmentation.tflite)',
    provenance:
      'MediaPipe Hair Segmentation (2019), git blob 5c8e22e40d07c68c118125cbb3294315c3381f20 of google/mediapipe; the file MediaPipe’s own build downloads',
    usedBy: 'lambdas/analysis (the hair mask and its encoder features)',
  },
] as const satisfies readonly ModelFile[];

export type ModelName = (typeof MODEL_FILES)[number]['name'];

export function modelFile(name: ModelName): ModelFile {
  return MODEL_FILES.find((m) => m.name === name)!;
}
