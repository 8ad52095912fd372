import { beforeAll, describe, expect, it } from 'vitest';
import { sharedHuman } from '#lambdas/analysis/runtime/human-runtime.ts';
import { compileGraph } from '#lambdas/analysis/hair-mask/graph.ts';
import { readTflite } from '#lambdas/analysis/hair-mask/tflite-model.ts';
import type { Tf } from '#lambdas/analysis/runtime/tf-runtime.ts';
import { buildTflite, fb, int32Options, type BuiltTensor } from './tflite-builder.ts';
import * as ref from './tflite-reference-ops.ts';

const T = 60_000;
const [ADD, CONCATENATION, CONV_2D, DEPTHWISE_CONV_2D, PRELU, MAX_POOL_2D] = [0, 2, 3, 4, 54, 17];
// TfLitePoolParams: padding (SAME = 1), stride_w, stride_h, filter_w, filter_h, activation
const pool2x2 = int32Options(1, 2, 2, 2, 2, 0);

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(29);
const values = (n: number, scale = 1) => Float32Array.from({ length: n }, () => (next() * 2 - 1) * scale);
const size = (shape: number[]) => shape.reduce((a, b) => a * b, 1);
const constant = (shape: number[], scale = 1): BuiltTensor => ({ shape, data: values(size(shape), scale) });
const data = (t: BuiltTensor) => t.data!;

/** CONV_2D (stride 2) → PRELU → DEPTHWISE (dilation 2) → ADD → pool with argmax → 1×1 CONV_2D (relu6) → unpool →
 * CONCATENATION → transposed conv with bias: every operator kind of the hair model, wired as it wires them */
function tinyModel() {
  const t: BuiltTensor[] = [
    { shape: [1, 16, 16, 4], name: 'input' }, // 0
    constant([6, 3, 3, 4], 0.5), // 1 conv weights, OHWI
    constant([6], 0.1), // 2
    { shape: [1, 8, 8, 6] }, // 3
    constant([1, 1, 6], 0.3), // 4 alpha
    { shape: [1, 8, 8, 6] }, // 5
    constant([1, 3, 3, 6], 0.5), // 6 depthwise weights
    constant([6], 0.1), // 7
    { shape: [1, 8, 8, 6] }, // 8
    { shape: [1, 8, 8, 6] }, // 9
    { shape: [1, 4, 4, 6], name: 'pooled' }, // 10
    { shape: [1, 4, 4, 6] }, // 11 argmax
    constant([6, 1, 1, 6], 3), // 12
    constant([6], 1), // 13
    { shape: [1, 4, 4, 6] }, // 14
    { shape: [1, 8, 8, 6] }, // 15
    { shape: [1, 8, 8, 12] }, // 16
    constant([3, 3, 3, 12], 0.5), // 17 transposed conv weights, OHWI
    constant([3], 0.1), // 18
    { shape: [1, 16, 16, 3], name: 'output' }, // 19
  ];
  const bytes = buildTflite({
    tensors: t,
    inputs: [0],
    outputs: [19],
    operators: [
      // Conv2DOptions: padding (SAME = 0), stride_w, stride_h, activation, dilation_w, dilation_h
      { op: CONV_2D, inputs: [0, 1, 2], outputs: [3], options: fb.table(fb.i8(0), fb.i32(2), fb.i32(2), fb.i8(0)) },
      { op: PRELU, inputs: [3, 4], outputs: [5] },
      // DepthwiseConv2DOptions: padding, stride_w, stride_h, depth_multiplier, activation, dilation_w, dilation_h
      {
        op: DEPTHWISE_CONV_2D,
        inputs: [5, 6, 7],
        outputs: [8],
        options: fb.table(fb.i8(0), fb.i32(1), fb.i32(1), fb.i32(1), fb.i8(0), fb.i32(2), fb.i32(2)),
      },
      { op: ADD, inputs: [5, 8], outputs: [9], options: fb.table(fb.i8(0)) },
      { op: 'MaxPoolingWithArgmax2D', inputs: [9], outputs: [10, 11], customOptions: pool2x2 },
      // activation 3 = RELU6
      { op: CONV_2D, inputs: [10, 12, 13], outputs: [14], options: fb.table(fb.i8(1), fb.i32(1), fb.i32(1), fb.i8(3)) },
      { op: 'MaxUnpooling2D', inputs: [14, 11], outputs: [15], customOptions: pool2x2 },
      { op: CONCATENATION, inputs: [15, 9], outputs: [16], options: fb.table(fb.i32(-1), fb.i8(0)) },
      // TfLiteTransposeConvParams: padding (SAME = 1), stride_w, stride_h
      {
        op: 'Convolution2DTransposeBias',
        inputs: [16, 17, 18],
        outputs: [19],
        customOptions: int32Options(1, 2, 2),
      },
    ],
  });
  const reference = (input: ref.Nhwc) => {
    const conv = ref.conv2d(input, data(t[1]!), [6, 3, 3], data(t[2]!), { stride: 2, same: true, dilation: 1 });
    const act = ref.prelu(conv, data(t[4]!));
    const dw = ref.depthwiseConv2d(act, data(t[6]!), [3, 3, 1], data(t[7]!), { stride: 1, same: true, dilation: 2 });
    const sum = ref.add(act, dw);
    const pooled = ref.maxPoolArgmax(sum, 2, 2, true);
    const mixed = ref.conv2d(pooled.values, data(t[12]!), [6, 1, 1], data(t[13]!), {
      stride: 1,
      same: false,
      dilation: 1,
      act: 'relu6',
    });
    const unpooled = ref.maxUnpool(mixed, pooled.indices, 2);
    const joined = ref.concatChannels(unpooled, sum);
    return {
      pooled: pooled.values,
      output: ref.transposeConvBias(joined, data(t[17]!), [3, 3, 3], data(t[18]!), 2, true),
    };
  };
  return { bytes, reference };
}

let tf: Tf;
beforeAll(async () => {
  tf = (await sharedHuman()).tf;
}, T);

async function run(bytes: Uint8Array, input: Float32Array, shape: number[], wanted: number[]) {
  const graph = compileGraph(readTflite(bytes), tf);
  try {
    const outputs = tf.tidy(() => graph.run(tf.tensor(input, shape), wanted));
    const result = await Promise.all(outputs.map((o) => o.data()));
    tf.dispose(outputs);
    return result.map((r) => Float32Array.from(r as Float32Array));
  } finally {
    graph.dispose();
  }
}

const maxDifference = (a: Float32Array, b: Float64Array) => {
  expect(a.length).toBe(b.length);
  return a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);
};

describe('the TFLite reader', () => {
  it('reads tensors, constants, operator names (builtin and custom), options and the graph ends', () => {
    const model = readTflite(tinyModel().bytes);
    expect(model.description).toBe('built by the test');
    expect(model.inputs).toEqual([0]);
    expect(model.outputs).toEqual([19]);
    expect(model.tensors).toHaveLength(20);
    expect(model.tensors[0]).toMatchObject({ name: 'input', shape: [1, 16, 16, 4], type: 0 });
    expect(model.tensors[0]!.data).toBeUndefined();
    expect(model.tensors[1]!.data!.byteLength).toBe(6 * 3 * 3 * 4 * 4);
    expect(model.operators.map((o) => o.op)).toEqual([
      'CONV_2D',
      'PRELU',
      'DEPTHWISE_CONV_2D',
      'ADD',
      'MaxPoolingWithArgmax2D',
      'CONV_2D',
      'MaxUnpooling2D',
      'CONCATENATION',
      'Convolution2DTransposeBias',
    ]);
    expect(model.operators[4]).toMatchObject({ inputs: [9], outputs: [10, 11] });
    expect(Array.from(new Int32Array(model.operators[4]!.customOptions!.slice().buffer))).toEqual([1, 2, 2, 2, 2, 0]);
    expect(model.operators[2]!.options!.int32(5)).toBe(2);
    expect(model.operators[1]!.options).toBeUndefined();
  });

  it('takes the builtin code from the int32 field when the deprecated byte is capped at 127', () => {
    const bytes = buildTflite({
      tensors: [{ shape: [1] }, { shape: [1] }],
      inputs: [0],
      outputs: [1],
      operators: [{ op: 150, inputs: [0], outputs: [1] }],
    });
    expect(readTflite(bytes).operators[0]!.op).toBe('BUILTIN_150');
  });

  it('refuses a file that is not a TFLite flatbuffer', () => {
    const bytes = tinyModel().bytes.slice();
    bytes[4] = 'X'.charCodeAt(0);
    expect(() => readTflite(bytes)).toThrow(/TFL3/);
  });
});

describe('the TFLite runner on tfjs WASM', () => {
  it(
    'computes every operator of a model the test builds as plain loops do, and returns an inner tensor on request',
    async () => {
      const { bytes, reference } = tinyModel();
      const input = values(16 * 16 * 4);
      const [output, pooled] = await run(bytes, input, [1, 16, 16, 4], [19, 10]);
      const expected = reference(ref.nhwc(16, 16, 4, Float64Array.from(input)));
      expect(maxDifference(pooled!, expected.pooled.data)).toBeLessThan(1e-4);
      expect(maxDifference(output!, expected.output.data)).toBeLessThan(1e-4);
      // the unpooled branch reaches the output: a wrong scatter would move it by far more than the tolerance
      expect(Math.max(...output!.map(Math.abs))).toBeGreaterThan(0.5);
    },
    T,
  );

  it(
    'puts each window maximum back at its first position when a window holds equal maxima',
    async () => {
      const bytes = buildTflite({
        tensors: [{ shape: [1, 6, 6, 2] }, { shape: [1, 3, 3, 2] }, { shape: [1, 3, 3, 2] }, { shape: [1, 6, 6, 2] }],
        inputs: [0],
        outputs: [3],
        operators: [
          { op: 'MaxPoolingWithArgmax2D', inputs: [0], outputs: [1, 2], customOptions: pool2x2 },
          { op: 'MaxUnpooling2D', inputs: [1, 2], outputs: [3], customOptions: pool2x2 },
        ],
      });
      // values from {1, 2, 3}: most windows hold a tie
      const input = Float32Array.from({ length: 72 }, () => 1 + Math.floor(next() * 3));
      const [output] = await run(bytes, input, [1, 6, 6, 2], [3]);
      const pooled = ref.maxPoolArgmax(ref.nhwc(6, 6, 2, Float64Array.from(input)), 2, 2, true);
      const expected = ref.maxUnpool(pooled.values, pooled.indices, 2);
      expect(Array.from(output!)).toEqual(Array.from(expected.data));
    },
    T,
  );

  it.each([
    [4, 4],
    [5, 3],
  ])(
    "runs a 2×2 stride-2 transposed convolution like the model's last layers (input %i×%i, odd sides cropped as SAME does)",
    async (h, w) => {
      const weights = constant([2, 2, 2, 3], 0.5);
      const bias = constant([2], 0.5);
      const bytes = buildTflite({
        tensors: [{ shape: [1, h, w, 3] }, weights, bias, { shape: [1, 2 * h, 2 * w, 2] }],
        inputs: [0],
        outputs: [3],
        operators: [
          { op: 'Convolution2DTransposeBias', inputs: [0, 1, 2], outputs: [3], customOptions: int32Options(1, 2, 2) },
        ],
      });
      const input = values(h * w * 3);
      const [output] = await run(bytes, input, [1, h, w, 3], [3]);
      const x = ref.nhwc(h, w, 3, Float64Array.from(input));
      const expected = ref.transposeConvBias(x, data(weights), [2, 2, 2], data(bias), 2, true);
      expect(maxDifference(output!, expected.data)).toBeLessThan(1e-5);
    },
    T,
  );

  it('names the operator it cannot run, and refuses overlapping pooling windows', () => {
    const graph = (op: number | string, customOptions?: Uint8Array) =>
      buildTflite({
        tensors: [{ shape: [1, 4, 4, 1] }, { shape: [1, 2, 2, 1] }, { shape: [1, 2, 2, 1] }],
        inputs: [0],
        outputs: [1],
        operators: [{ op, inputs: [0], outputs: [1, 2], ...(customOptions ? { customOptions } : {}) }],
      });
    expect(() => compileGraph(readTflite(graph(MAX_POOL_2D)), tf)).toThrow(/operator 0 is BUILTIN_17/);
    expect(() => compileGraph(readTflite(graph('MaxPoolingWithArgmax2D', int32Options(1, 1, 1, 2, 2, 0))), tf)).toThrow(
      /only tiling windows/,
    );
  });
});
