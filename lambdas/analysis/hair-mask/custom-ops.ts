/**
 * MediaPipe's three custom TFLite operators (mediapipe/util/tflite/operations/): the transposed convolution rebuilt
 * from tfjs-core operators, the two pooling ops as plain loops over the tensors' data. Their options are raw C structs
 * in the custom-options bytes: TfLitePoolParams (padding, stride_w, stride_h, filter_w, filter_h, activation) for the
 * two pooling ops and TfLiteTransposeConvParams (padding, stride_w, stride_h) for the transposed convolution, each
 * field an int32, with TfLitePadding SAME = 1, VALID = 2.
 *
 * The argmax of MaxPoolingWithArgmax2D is the position of the first maximum inside its window (row-major, counted
 * from the window's corner), and MaxUnpooling2D writes each value back at that position of a zero map `filter` times
 * larger. Both are built here for windows that tile the input (stride = filter), which is what the hair model uses;
 * anything else is refused at compile time rather than computed wrongly.
 */
import type { Tensor4D } from '@tensorflow/tfjs-core';
import { activation, applyActivation } from './builtin-ops.ts';
import { outputOf, type CompileContext, type OpCompiler } from './kernel.ts';
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

/**
 * Both pooling ops are plain loops over the tensors' data: on the WASM backend reading and writing a tensor is a copy,
 * and one pass over the map costs a few milliseconds where the window reshapes, transposes, argMax and one-hot scatter
 * of tfjs-core took about 20 ms per photo (tfjs's own maxPoolWithArgmax cannot stand in: its WASM kernel starts each
 * window at the smallest positive float and keeps the last of equal maxima).
 */
const maxPoolingWithArgmax: OpCompiler = (op, ctx) => {
  const { tf } = ctx;
  const p = poolParams(op);
  const act = activation(p.activation, op);
  const x = ctx.operand(op, 0);
  const [valuesOut, indicesOut] = [outputOf(op, 0), outputOf(op, 1)];
  return (slots) => {
    const input = x(slots) as Tensor4D;
    const [b, h, w, c] = input.shape;
    const rows = poolExtent(h, p.filterH, p.strideH, p.same);
    const cols = poolExtent(w, p.filterW, p.strideW, p.same);
    const data = input.dataSync() as Float32Array;
    const size = b * rows.out * cols.out * c;
    const maxima = new Float32Array(size).fill(-Infinity);
    // the position inside the window of its first maximum (row-major), as the C kernel's strict `>` keeps it
    const positions = new Int32Array(size);
    for (let n = 0; n < b; n++)
      for (let oy = 0; oy < rows.out; oy++)
        for (let ox = 0; ox < cols.out; ox++) {
          const at = ((n * rows.out + oy) * cols.out + ox) * c;
          for (let fy = 0; fy < p.filterH; fy++) {
            const iy = oy * p.strideH - rows.before + fy;
            if (iy < 0 || iy >= h) continue;
            for (let fx = 0; fx < p.filterW; fx++) {
              const ix = ox * p.strideW - cols.before + fx;
              if (ix < 0 || ix >= w) continue;
              const from = ((n * h + iy) * w + ix) * c;
              const position = fy * p.filterW + fx;
              for (let ch = 0; ch < c; ch++) {
                const v = data[from + ch]!;
                if (v > maxima[at + ch]!) {
                  maxima[at + ch] = v;
                  positions[at + ch] = position;
                }
              }
            }
          }
        }
    const shape: [number, number, number, number] = [b, rows.out, cols.out, c];
    slots[valuesOut] = applyActivation(tf, act, tf.tensor4d(maxima, shape));
    slots[indicesOut] = tf.tensor4d(positions, shape, 'int32');
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
    const data = v.dataSync() as Float32Array;
    // a float index (the C kernel's own tensor type) is truncated, as the C kernel's int conversion does
    const positions = indices(slots).dataSync();
    const [outH, outW] = [h * fh, w * fw];
    const spread = new Float32Array(b * outH * outW * c);
    for (let n = 0; n < b; n++)
      for (let iy = 0; iy < h; iy++)
        for (let ix = 0; ix < w; ix++) {
          const from = ((n * h + iy) * w + ix) * c;
          for (let ch = 0; ch < c; ch++) {
            const position = Math.trunc(positions[from + ch]!);
            const oy = iy * fh + Math.floor(position / fw);
            const ox = ix * fw + (position % fw);
            spread[((n * outH + oy) * outW + ox) * c + ch] = data[from + ch]!;
          }
        }
    slots[out] = tf.tensor4d(spread, [b, outH, outW, c]);
  };
};

/**
 * A transposed convolution (weights OHWI) plus a bias input; SAME crops the full output as TFLite's kernel does. When
 * the kernel equals the stride (the model's last two layers, 2×2 stride 2) no two input pixels write the same output
 * pixel, so it is a 1×1 convolution to kh·kw·out channels, bias folded in, and a depth-to-space: tfjs's
 * Conv2DBackpropInput on WASM took about 38 ms of the 125 ms pass for those two layers.
 */
const convolution2dTransposeBias: OpCompiler = (op, ctx) => {
  const [padding = 0, strideW = 1, strideH = 1] = customInts(op, 3);
  const [outChannels = 0, kh = 1, kw = 1] = ctx.shapeOf(op, 1);
  const transpose = kh === strideH && kw === strideW && kh === kw ? blockTransposeConv : generalTransposeConv;
  const kernel = transpose(op, ctx, { kh, kw, strideH, strideW, outChannels });
  const x = ctx.operand(op, 0);
  const out = outputOf(op, 0);
  return (slots) => {
    const input = x(slots) as Tensor4D;
    const [b, h, w] = input.shape;
    const fullH = (h - 1) * strideH + kh;
    const fullW = (w - 1) * strideW + kw;
    const padH = padding === PADDING_SAME ? Math.max(0, kh - ((h - 1) % strideH) - 1) : 0;
    const padW = padding === PADDING_SAME ? Math.max(0, kw - ((w - 1) % strideW) - 1) : 0;
    let y = kernel(input, [b, fullH, fullW, outChannels]);
    if (padH > 0 || padW > 0) {
      const top = Math.floor(padH / 2),
        left = Math.floor(padW / 2);
      y = ctx.tf.slice(y, [0, top, left, 0], [b, fullH - padH, fullW - padW, outChannels]);
    }
    slots[out] = y;
  };
};

interface TransposeShape {
  kh: number;
  kw: number;
  strideH: number;
  strideW: number;
  outChannels: number;
}
/** the full (uncropped) output of a transposed convolution with its bias added */
type TransposeKernel = (input: Tensor4D, fullShape: [number, number, number, number]) => Tensor4D;

function blockTransposeConv(op: TfliteOperator, ctx: CompileContext, s: TransposeShape): TransposeKernel {
  const { tf } = ctx;
  // [o, dy, dx, c] → [1, 1, c, (dy·k + dx)·out + o], the channel order depthToSpace reads its blocks in
  const filter = ctx.constant(op, 1, (weights) => {
    const inChannels = weights.shape[3]!;
    return tf.reshape(tf.transpose(weights, [3, 1, 2, 0]), [1, 1, inChannels, s.kh * s.kw * s.outChannels]);
  }) as Tensor4D;
  const bias = ctx.constant(op, 2, (b) => tf.tile(b, [s.kh * s.kw]));
  return (input, fullShape) => {
    const [b, h, w] = input.shape;
    const blocks = tf.fused.conv2d({ x: input, filter, strides: 1, pad: 'valid', bias });
    // depth to space as one transpose, [b·h, w, dy, (dx, o)] → [b·h, dy, w, (dx, o)]: tfjs's WASM depthToSpace took
    // about 25 ms on each of these two maps, the transpose a few
    const rows = tf.transpose(tf.reshape(blocks, [b * h, w, s.kh, s.kw * s.outChannels]), [0, 2, 1, 3]);
    return tf.reshape(rows, fullShape);
  };
}

function generalTransposeConv(op: TfliteOperator, ctx: CompileContext, s: TransposeShape): TransposeKernel {
  const { tf } = ctx;
  const filter = ctx.constant(op, 1, (weights) => tf.transpose(weights, [1, 2, 0, 3])) as Tensor4D;
  const bias = ctx.constant(op, 2);
  return (input, fullShape) =>
    tf.add(tf.conv2dTranspose(input, filter, fullShape, [s.strideH, s.strideW], 'valid'), bias);
}

export const CUSTOM_OPS: Record<string, OpCompiler> = {
  MaxPoolingWithArgmax2D: maxPoolingWithArgmax,
  MaxUnpooling2D: maxUnpooling,
  Convolution2DTransposeBias: convolution2dTransposeBias,
};
