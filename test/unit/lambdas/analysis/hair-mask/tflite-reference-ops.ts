/**
 * Plain-loop versions of the operators the hair model uses, written from TensorFlow Lite's and MediaPipe's kernel
 * definitions (NHWC, batch 1, weights OHWI), for the tests to compare the tfjs runner against.
 */
export interface Nhwc {
  data: Float64Array;
  h: number;
  w: number;
  c: number;
}

export const nhwc = (h: number, w: number, c: number, data = new Float64Array(h * w * c)): Nhwc => ({ data, h, w, c });
const at = (t: Nhwc, y: number, x: number, ch: number) => (y * t.w + x) * t.c + ch;

/** TFLite's windowed output size and the padding before the first window */
function extent(size: number, filter: number, stride: number, dilation: number, same: boolean) {
  const effective = (filter - 1) * dilation + 1;
  const out = same ? Math.ceil(size / stride) : Math.floor((size - effective + stride) / stride);
  return { out, before: Math.max(0, Math.floor(((out - 1) * stride + effective - size) / 2)) };
}

export interface ConvSpec {
  stride: number;
  same: boolean;
  dilation: number;
  /** max(0, v) after the bias when 'relu', min(6, max(0, v)) when 'relu6' */
  act?: 'relu' | 'relu6';
}

const activate = (v: number, act?: 'relu' | 'relu6') =>
  act === 'relu' ? Math.max(0, v) : act === 'relu6' ? Math.min(6, Math.max(0, v)) : v;

/** weights [outC][kh][kw][inC] */
export function conv2d(
  x: Nhwc,
  weights: Float32Array,
  [outC, kh, kw]: [number, number, number],
  bias: Float32Array,
  s: ConvSpec,
): Nhwc {
  const rows = extent(x.h, kh, s.stride, s.dilation, s.same);
  const cols = extent(x.w, kw, s.stride, s.dilation, s.same);
  const y = nhwc(rows.out, cols.out, outC);
  for (let oy = 0; oy < rows.out; oy++)
    for (let ox = 0; ox < cols.out; ox++)
      for (let o = 0; o < outC; o++) {
        let sum = bias[o]!;
        for (let fy = 0; fy < kh; fy++)
          for (let fx = 0; fx < kw; fx++) {
            const iy = oy * s.stride - rows.before + fy * s.dilation;
            const ix = ox * s.stride - cols.before + fx * s.dilation;
            if (iy < 0 || iy >= x.h || ix < 0 || ix >= x.w) continue;
            for (let i = 0; i < x.c; i++)
              sum += x.data[at(x, iy, ix, i)]! * weights[((o * kh + fy) * kw + fx) * x.c + i]!;
          }
        y.data[at(y, oy, ox, o)] = activate(sum, s.act);
      }
  return y;
}

/** weights [1][kh][kw][inC·multiplier], output channel i·multiplier + m */
export function depthwiseConv2d(
  x: Nhwc,
  weights: Float32Array,
  [kh, kw, multiplier]: [number, number, number],
  bias: Float32Array,
  s: ConvSpec,
): Nhwc {
  const rows = extent(x.h, kh, s.stride, s.dilation, s.same);
  const cols = extent(x.w, kw, s.stride, s.dilation, s.same);
  const outC = x.c * multiplier;
  const y = nhwc(rows.out, cols.out, outC);
  for (let oy = 0; oy < rows.out; oy++)
    for (let ox = 0; ox < cols.out; ox++)
      for (let i = 0; i < x.c; i++)
        for (let m = 0; m < multiplier; m++) {
          const o = i * multiplier + m;
          let sum = bias[o]!;
          for (let fy = 0; fy < kh; fy++)
            for (let fx = 0; fx < kw; fx++) {
              const iy = oy * s.stride - rows.before + fy * s.dilation;
              const ix = ox * s.stride - cols.before + fx * s.dilation;
              if (iy < 0 || iy >= x.h || ix < 0 || ix >= x.w) continue;
              sum += x.data[at(x, iy, ix, i)]! * weights[(fy * kw + fx) * outC + o]!;
            }
          y.data[at(y, oy, ox, o)] = activate(sum, s.act);
        }
  return y;
}

export function prelu(x: Nhwc, alpha: Float32Array): Nhwc {
  const y = nhwc(x.h, x.w, x.c);
  x.data.forEach((v, i) => (y.data[i] = v >= 0 ? v : v * alpha[i % x.c]!));
  return y;
}

export function add(a: Nhwc, b: Nhwc): Nhwc {
  const y = nhwc(a.h, a.w, a.c);
  a.data.forEach((v, i) => (y.data[i] = v + b.data[i]!));
  return y;
}

export function concatChannels(a: Nhwc, b: Nhwc): Nhwc {
  const y = nhwc(a.h, a.w, a.c + b.c);
  for (let p = 0; p < a.h * a.w; p++) {
    for (let i = 0; i < a.c; i++) y.data[p * y.c + i] = a.data[p * a.c + i]!;
    for (let i = 0; i < b.c; i++) y.data[p * y.c + a.c + i] = b.data[p * b.c + i]!;
  }
  return y;
}

/** MaxPoolingWithArgmax2D: the max of each window and its first position inside the window, row-major */
export function maxPoolArgmax(x: Nhwc, filter: number, stride: number, same: boolean): { values: Nhwc; indices: Nhwc } {
  const rows = extent(x.h, filter, stride, 1, same);
  const cols = extent(x.w, filter, stride, 1, same);
  const values = nhwc(rows.out, cols.out, x.c);
  const indices = nhwc(rows.out, cols.out, x.c);
  for (let oy = 0; oy < rows.out; oy++)
    for (let ox = 0; ox < cols.out; ox++)
      for (let ch = 0; ch < x.c; ch++) {
        let max = -Number.MAX_VALUE;
        let best = 0;
        for (let fy = 0; fy < filter; fy++)
          for (let fx = 0; fx < filter; fx++) {
            const iy = oy * stride - rows.before + fy;
            const ix = ox * stride - cols.before + fx;
            if (iy < 0 || iy >= x.h || ix < 0 || ix >= x.w) continue;
            const v = x.data[at(x, iy, ix, ch)]!;
            if (v > max) [max, best] = [v, fy * filter + fx];
          }
        values.data[at(values, oy, ox, ch)] = max;
        indices.data[at(indices, oy, ox, ch)] = best;
      }
  return { values, indices };
}

/** MaxUnpooling2D for tiling windows: each value back at its window position in a zero map `filter` times larger */
export function maxUnpool(values: Nhwc, indices: Nhwc, filter: number): Nhwc {
  const y = nhwc(values.h * filter, values.w * filter, values.c);
  for (let iy = 0; iy < values.h; iy++)
    for (let ix = 0; ix < values.w; ix++)
      for (let ch = 0; ch < values.c; ch++) {
        const index = Math.trunc(indices.data[at(indices, iy, ix, ch)]!);
        const oy = iy * filter + Math.floor(index / filter);
        const ox = ix * filter + (index % filter);
        y.data[at(y, oy, ox, ch)] = values.data[at(values, iy, ix, ch)]!;
      }
  return y;
}

/** Convolution2DTransposeBias, weights [outC][kh][kw][inC]; SAME crops the full output as TFLite does */
export function transposeConvBias(
  x: Nhwc,
  weights: Float32Array,
  [outC, kh, kw]: [number, number, number],
  bias: Float32Array,
  stride: number,
  same: boolean,
): Nhwc {
  const padH = same ? Math.max(0, kh - ((x.h - 1) % stride) - 1) : 0;
  const padW = same ? Math.max(0, kw - ((x.w - 1) % stride) - 1) : 0;
  const y = nhwc(stride * (x.h - 1) + kh - padH, stride * (x.w - 1) + kw - padW, outC);
  for (let p = 0; p < y.h * y.w; p++) for (let o = 0; o < outC; o++) y.data[p * outC + o] = bias[o]!;
  for (let iy = 0; iy < x.h; iy++)
    for (let ix = 0; ix < x.w; ix++)
      for (let fy = 0; fy < kh; fy++)
        for (let fx = 0; fx < kw; fx++) {
          const oy = iy * stride - Math.floor(padH / 2) + fy;
          const ox = ix * stride - Math.floor(padW / 2) + fx;
          if (oy < 0 || oy >= y.h || ox < 0 || ox >= y.w) continue;
          for (let o = 0; o < outC; o++) {
            let sum = 0;
            for (let i = 0; i < x.c; i++)
              sum += x.data[at(x, iy, ix, i)]! * weights[((o * kh + fy) * kw + fx) * x.c + i]!;
            y.data[at(y, oy, ox, o)]! += sum;
          }
        }
  return y;
}
