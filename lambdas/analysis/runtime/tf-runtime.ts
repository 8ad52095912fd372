/**
 * The types of what this code uses of @vladmandic/human and the tfjs copy bundled inside it. Human's own typings
 * declare its `tf` as any; these are the tfjs packages' own types (types only: the code that runs is human's copy).
 */
import type * as TfCore from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type { Config, FaceResult, Result } from '@vladmandic/human';

export type { FaceResult, GraphModel };
export type Tensor<R extends TfCore.Rank = TfCore.Rank> = TfCore.Tensor<R>;
export type { Rank } from '@tensorflow/tfjs-core';
export type Tf = typeof TfCore & { loadGraphModel: (source: string | TfCore.io.IOHandler) => Promise<GraphModel> };

export interface HumanRuntime {
  tf: Tf;
  load: () => Promise<void>;
  /** the backend alone, no model */
  init: () => Promise<void>;
  /** `config` is merged into the instance's settings (human keeps it for later calls too) */
  detect: (input: Tensor, config?: DetectOverrides) => Promise<Result>;
}

/** the per-call settings this code passes: whether each face's crop is returned (as `tensor`); never human's faceres */
export interface DetectOverrides {
  face: { detector: { return: boolean }; description: { enabled: false } };
}

export type HumanModule = { Human: new (config: Partial<Config>) => HumanRuntime };

/** a graph model's outputs, one tensor or several, as a list */
export function outputsOf(out: Tensor | Tensor[]): Tensor[] {
  return Array.isArray(out) ? out : [out];
}
