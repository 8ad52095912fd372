/**
 * MediaPipe's three custom TFLite operators (mediapipe/util/tflite/operations/), rebuilt from tfjs-core operators.
 * Their options are raw C structs in the custom-options bytes: TfLitePoolParams (padding, stride_w, stride_h,
 * filter_w, filter_h, activation) for the two pooling ops and TfLiteTransposeConvParams (padding, stride_w, stride_h)
 * for the transposed convolution, each field an int32, with TfLitePadding SAME = 1, VALID = 2.
 *
 * The argmax of MaxPoolingWithArgmax2D is the position of the first maximum inside its window (row-major, counted
 * from the window's corner), and MaxUnpooling2D writes each value back at that position of a zero map `filter` times
 * larger. Both are built here for windows that tile the input (stride = filter), which is what the hair model uses;
 * anything else is refused at compile time rather than computed wrongly.
 */
import type { Tensor4D } from '@tensorflow/tfjs-core';
import { activation, applyActivation } from './builtin-ops.ts';
import { outputOf, type OpCompiler } from './kernel.ts';
import type { TfliteOperator } from './tflite-model.ts';

const PADDING_SAME = 1;

interface PoolParams {
  same: boolean;
  strideW: number;
  strideH: number;
  filterW: number;
  filterH: number;
  activation: number;
}

function customInts(op: TfliteOperator, count: number): number[] {
  const bytes = op.customOptions;
  if (!bytes || bytes.byteLength < 4 * count) {
    throw new Error(`tflite: ${op.op} (operator ${op.index}) needs ${4 * count} bytes of custom options`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: count }, (_, i) => view.getInt32(4 * i, true));
}

function poolParams(op: TfliteOperator): PoolParams {
  const [padding = 0, strideW = 1, strideH = 1, filterW = 1, filterH = 1] = customInts(op, 5);
  // the activation field follows; older writers leave the struct short
  const act = (op.customOptions?.byteLength ?? 0) >= 24 ? (customInts(op, 6)[5] ?? 0) : 0;
  if (strideW !== filterW || strideH !== filterH) {
    throw new Error(
      `tflite: ${op.op} (operator ${op.index}) has stride ${strideW}×${strideH} and filter ${filterW}×${filterH}: only tiling windows are supported`,
    );
  }
  return { same: padding === PADDING_SAME, strideW, strideH, filterW, filterH, activation: act };
}

/** TFLite's windowed output size and the padding before the first window */
function poolExtent(size: number, filter: number, stride: number, same: boolean): { out: number; before: number } {
  const out = same ? Math.ceil(size / stride) : Math.floor((size - filter + stride) / stride);
  return { out, before: Math.max(0, Math.floor(((out - 1) * stride + filter - size) / 2)) };
}

const maxPoolingWithArgmax: OpCompiler = (op, ctx) => {
  const { tf } = ctx;
  const p = poolParams(op);
  const act = activation(p.activation, op);
  const x = ctx.operand(op, 0);
  const [valuesOut, indicesOut] = [outputOf(op, 0), outputOf(op, 1)];
  const { filterH: fh, filterW: fw } = p;
  return (slots) => {
    const input = x(slots) as Tensor4D;
    const [b, h, w, c] = input.shape;
    const rows = poolExtent(h, fh, p.strideH, p.same);
    const cols = poolExtent(w, fw, p.strideW, p.same);
    // the windows' grid, padded with -∞ (never a maximum) or cut to whole windows
    let grid: Tensor4D = input;
    const after = [rows.out * fh - h - rows.before, cols.out * fw - w - cols.before];
    if (rows.before > 0 || cols.before > 0 || after[0]! > 0 || after[1]! > 0) {
      const padding: Array<[number, number]> = [
        [0, 0],
        [rows.before, Math.max(0, after[0]!)],
        [cols.before, Math.max(0, after[1]!)],
        [0, 0],
      ];
      grid = tf.pad(grid, padding, -Infinity);
    }
    if (after[0]! < 0 || after[1]! < 0) grid = tf.slice(grid, [0, 0, 0, 0], [b, rows.out * fh, cols.out * fw, c]);
    const windows = tf.reshape(tf.transpose(tf.reshape(grid, [b * rows.out, fh, cols.out, fw, c]), [0, 2, 4, 1, 3]), [
      b,
      rows.out,
      cols.out,
      c,
      fh * fw,
    ]);
    slots[valuesOut] = applyActivation(tf, act, tf.max(windows, -1));
    // argMax keeps the first of equal maxima, as the C kernel's strict `>` does
    slots[indicesOut] = tf.argMax(windows, -1);
  };
};

const maxUnpooling: OpCompiler = (op, ctx) => {
  const { tf } = ctx;
  const { filterH: fh, filterW: fw } = poolParams(op);
  const values = ctx.operand(op, 0);
  const indices = ctx.operand(op, 1);
  const out = outputOf(op, 0);
  return (slots) => {
    const v = values(slots) as Tensor4D;
    const [b, h, w, c] = v.shape;
    const raw = indices(slots);
    // a float index (the C kernel's own tensor type) is truncated, as the C kernel's int conversion does
    const at = raw.dtype === 'int32' ? raw : tf.cast(tf.floor(raw), 'int32');
    // oneHot is made int32 and cast: tfjs-backend-wasm 4.22's float32 oneHot writes the integer bits (1 → 1.4e-45)
    const choice = tf.cast(tf.oneHot(tf.reshape(at, [-1]), fh * fw), 'float32');
    const spread = tf.mul(choice, tf.reshape(v, [-1, 1]));
    const windows = tf.transpose(tf.reshape(spread, [b * h, w, c, fh, fw]), [0, 3, 1, 4, 2]);
    slots[out] = tf.reshape(windows, [b, h * fh, w * fw, c]);
  };
};

/** a transposed convolution (weights OHWI) plus a bias input; SAME crops the full output as TFLite's kernel does */
const convolution2dTransposeBias: OpCompiler = (op, ctx) => {
  const { tf } = ctx;
  const [padding = 0, strideW = 1, strideH = 1] = customInts(op, 3);
  const [outChannels = 0, kh = 1, kw = 1] = ctx.shapeOf(op, 1);
  const filter = ctx.constant(op, 1, (weights) => tf.transpose(weights, [1, 2, 0, 3])) as Tensor4D;
  const bias = ctx.constant(op, 2);
  const x = ctx.operand(op, 0);
  const out = outputOf(op, 0);
  return (slots) => {
    const input = x(slots) as Tensor4D;
    const [b, h, w] = input.shape;
    const fullH = (h - 1) * strideH + kh;
    const fullW = (w - 1) * strideW + kw;
    const padH = padding === PADDING_SAME ? Math.max(0, kh - ((h - 1) % strideH) - 1) : 0;
    const padW = padding === PADDING_SAME ? Math.max(0, kw - ((w - 1) % strideW) - 1) : 0;
    let y: Tensor4D = tf.conv2dTranspose(input, filter, [b, fullH, fullW, outChannels], [strideH, strideW], 'valid');
    if (padH > 0 || padW > 0) {
      y = tf.slice(y, [0, Math.floor(padH / 2), Math.floor(padW / 2), 0], [b, fullH - padH, fullW - padW, outChannels]);
    }
    slots[out] = tf.add(y, bias);
  };
};

export const CUSTOM_OPS: Record<string, OpCompiler> = {
  MaxPoolingWithArgmax2D: maxPoolingWithArgmax,
  MaxUnpooling2D: maxUnpooling,
  Convolution2DTransposeBias: convolution2dTransposeBias,
};
