/**
 * Folds each PRELU into the convolution before it when nothing else reads the convolution's output: tfjs's fused
 * conv kernels apply a per-channel PReLU in the same pass, which spares a full read and write of the activation (the
 * hair model has 100 PRELUs, most right after a convolution). The folded convolution writes the PRELU's output tensor,
 * so every tensor the graph names stays available except the bare convolution outputs that only fed a PRELU.
 */
import type { TfliteModel, TfliteOperator } from './tflite-model.ts';

const CONVOLUTIONS = new Set(['CONV_2D', 'DEPTHWISE_CONV_2D']);
/** the options field holding fused_activation_function in Conv2DOptions and DepthwiseConv2DOptions */
const ACTIVATION_FIELD: Record<string, number> = { CONV_2D: 3, DEPTHWISE_CONV_2D: 4 };

export function fusePrelu(model: TfliteModel): TfliteOperator[] {
  const readers = new Map<number, number>();
  for (const op of model.operators) for (const t of op.inputs) readers.set(t, (readers.get(t) ?? 0) + 1);
  const graphOutputs = new Set(model.outputs);
  const fused: TfliteOperator[] = [];
  for (let i = 0; i < model.operators.length; i++) {
    const op = model.operators[i]!;
    const next = model.operators[i + 1];
    const out = op.outputs[0] ?? -1;
    const alpha = model.tensors[next?.inputs[1] ?? -1];
    const channels = model.tensors[out]?.shape.at(-1);
    const foldable =
      next?.op === 'PRELU' &&
      CONVOLUTIONS.has(op.op) &&
      op.options?.int8(ACTIVATION_FIELD[op.op]!) === 0 &&
      next.inputs[0] === out &&
      readers.get(out) === 1 &&
      !graphOutputs.has(out) &&
      alpha?.data !== undefined &&
      alpha.shape.reduce((a, b) => a * b, 1) === channels;
    if (!foldable) {
      fused.push(op);
      continue;
    }
    const [x = -1, weights = -1, bias = -1] = op.inputs;
    fused.push({ ...op, inputs: [x, weights, bias, alpha.index], outputs: next.outputs, preluAlphaInput: 3 });
    i++;
  }
  return fused;
}
