/**
 * The TFLite builtin operators the hair model uses, each compiled to a tfjs-core kernel. TFLite keeps conv weights as
 * OHWI and depthwise weights as 1×H×W×(I·M); tfjs wants HWIO and H×W×I×M, so they are rearranged once at compile time.
 * TFLite's SAME padding puts the odd pixel at the end, as tfjs's 'same' does.
 */
import type { Tensor4D } from '@tensorflow/tfjs-core';
import type { Tensor, Tf } from '../runtime/tf-runtime.ts';
import type { FlatTable } from './flatbuffer.ts';
import { outputOf, type OpCompiler } from './kernel.ts';
import type { TfliteOperator } from './tflite-model.ts';

type FusedActivation = 'linear' | 'relu' | 'relu6';

/** schema.fbs ActivationFunctionType: what tfjs can fuse, and what is applied after */
interface Activation {
  fused: FusedActivation;
  after?: (tf: Tf, x: Tensor) => Tensor;
}

export function activation(code: number, where: TfliteOperator): Activation {
  switch (code) {
    case 0:
      return { fused: 'linear' };
    case 1:
      return { fused: 'relu' };
    case 2:
      return { fused: 'linear', after: (tf, x) => tf.clipByValue(x, -1, 1) };
    case 3:
      return { fused: 'relu6' };
    case 4:
      return { fused: 'linear', after: (tf, x) => tf.tanh(x) };
    default:
      throw new Error(`tflite: operator ${where.index} (${where.op}) has fused activation ${code}, not supported`);
  }
}

export function applyActivation(tf: Tf, act: Activation, x: Tensor): Tensor {
  let y = x;
  if (act.fused === 'relu') y = tf.relu(y);
  else if (act.fused === 'relu6') y = tf.relu6(y);
  return act.after ? act.after(tf, y) : y;
}

/** schema.fbs Padding: SAME = 0, VALID = 1 */
function padding(code: number): 'same' | 'valid' {
  return code === 1 ? 'valid' : 'same';
}

/** the builtin options table, or an error naming the operator */
function optionsOf(op: TfliteOperator): FlatTable {
  if (!op.options) throw new Error(`tflite: operator ${op.index} (${op.op}) has no options`);
  return op.options;
}

/** an optional input (bias) is absent when its index is -1 or missing */
function hasInput(op: TfliteOperator, position: number): boolean {
  return (op.inputs[position] ?? -1) >= 0;
}

// Conv2DOptions: padding, stride_w, stride_h, fused_activation_function, dilation_w_factor, dilation_h_factor
const conv2d: OpCompiler = (op, ctx) => {
  const { tf } = ctx;
  const o = optionsOf(op);
  const pad = padding(o.int8(0));
  const strides: [number, number] = [o.int32(2, 1), o.int32(1, 1)];
  const act = activation(o.int8(3), op);
  const dilations: [number, number] = [o.int32(5, 1), o.int32(4, 1)];
  const x = ctx.operand(op, 0);
  const filter = ctx.constant(op, 1, (w) => tf.transpose(w, [1, 2, 3, 0]));
  const bias = hasInput(op, 2) ? ctx.constant(op, 2) : undefined;
  const out = outputOf(op, 0);
  return (slots) => {
    const y = tf.fused.conv2d({
      x: x(slots) as Tensor4D,
      filter: filter as Tensor4D,
      strides,
      pad,
      dilations,
      ...(bias ? { bias } : {}),
      activation: act.fused,
    });
    slots[out] = act.after ? act.after(tf, y) : y;
  };
};

// DepthwiseConv2DOptions: padding, stride_w, stride_h, depth_multiplier, fused_activation_function, dilation_w, dilation_h
const depthwiseConv2d: OpCompiler = (op, ctx) => {
  const { tf } = ctx;
  const o = optionsOf(op);
  const pad = padding(o.int8(0));
  const strides: [number, number] = [o.int32(2, 1), o.int32(1, 1)];
  const act = activation(o.int8(4), op);
  const dilations: [number, number] = [o.int32(6, 1), o.int32(5, 1)];
  const x = ctx.operand(op, 0);
  const filter = ctx.constant(op, 1, (w) => {
    const [, h = 1, wd = 1, channels = 1] = w.shape;
    const inputChannels = ctx.shapeOf(op, 0)[3] ?? channels;
    return tf.reshape(w, [h, wd, inputChannels, channels / inputChannels]);
  });
  const bias = hasInput(op, 2) ? ctx.constant(op, 2) : undefined;
  const out = outputOf(op, 0);
  return (slots) => {
    const y = tf.fused.depthwiseConv2d({
      x: x(slots) as Tensor4D,
      filter: filter as Tensor4D,
      strides,
      pad,
      dilations,
      ...(bias ? { bias } : {}),
      activation: act.fused,
    });
    slots[out] = act.after ? act.after(tf, y) : y;
  };
};

/** PRELU: x for x ≥ 0, alpha·x below; tfjs's WASM kernel takes one alpha per channel (the last axis) */
const prelu: OpCompiler = (op, ctx) => {
  const { tf } = ctx;
  const x = ctx.operand(op, 0);
  const channels = ctx.shapeOf(op, 0).at(-1);
  const alphaSize = ctx.shapeOf(op, 1).reduce((a, b) => a * b, 1);
  const out = outputOf(op, 0);
  if (alphaSize === channels) {
    const alpha = ctx.constant(op, 1, (a) => tf.reshape(a, [alphaSize]));
    return (slots) => {
      slots[out] = tf.prelu(x(slots), alpha);
    };
  }
  const alpha = ctx.operand(op, 1);
  return (slots) => {
    const input = x(slots);
    slots[out] = tf.where(tf.greaterEqual(input, 0), input, tf.mul(input, alpha(slots)));
  };
};

// AddOptions: fused_activation_function
const add: OpCompiler = (op, ctx) => {
  const { tf } = ctx;
  const act = activation(op.options?.int8(0) ?? 0, op);
  const a = ctx.operand(op, 0);
  const b = ctx.operand(op, 1);
  const out = outputOf(op, 0);
  return (slots) => {
    slots[out] = applyActivation(tf, act, tf.add(a(slots), b(slots)));
  };
};

// ConcatenationOptions: axis, fused_activation_function
const concatenation: OpCompiler = (op, ctx) => {
  const { tf } = ctx;
  const o = optionsOf(op);
  const rank = ctx.shapeOf(op, 0).length;
  const axis = (o.int32(0) + rank) % rank;
  const act = activation(o.int8(1), op);
  const parts = op.inputs.map((_, i) => ctx.operand(op, i));
  const out = outputOf(op, 0);
  return (slots) => {
    slots[out] = applyActivation(
      tf,
      act,
      tf.concat(
        parts.map((part) => part(slots)),
        axis,
      ),
    );
  };
};

export const BUILTIN_OPS: Record<string, OpCompiler> = {
  CONV_2D: conv2d,
  DEPTHWISE_CONV_2D: depthwiseConv2d,
  PRELU: prelu,
  ADD: add,
  CONCATENATION: concatenation,
};
