/**
 * A minimal FlatBuffers writer and a TFLite model builder on top of it, so the reader's tests run on models they make
 * themselves (no model file in the repository). Objects are written front to back: a table's vtable, then the table,
 * then whatever it refers to, so every offset points forward as the format requires. Every scalar field takes a 4-byte
 * slot (readers find fields through the vtable, so the layout is free).
 */

type Scalar = { kind: 'i8' | 'u8' | 'i32' | 'u32'; value: number };
export type FbNode =
  | { kind: 'table'; fields: Array<Scalar | FbNode | undefined> }
  | { kind: 'string'; value: string }
  | { kind: 'bytes'; value: Uint8Array }
  | { kind: 'i32s'; value: readonly number[] }
  | { kind: 'tables'; value: FbNode[] };

export const fb = {
  table: (...fields: Array<Scalar | FbNode | undefined>): FbNode => ({ kind: 'table', fields }),
  string: (value: string): FbNode => ({ kind: 'string', value }),
  bytes: (value: Uint8Array): FbNode => ({ kind: 'bytes', value }),
  i32s: (value: readonly number[]): FbNode => ({ kind: 'i32s', value }),
  tables: (value: FbNode[]): FbNode => ({ kind: 'tables', value }),
  i8: (value: number): Scalar => ({ kind: 'i8', value }),
  u8: (value: number): Scalar => ({ kind: 'u8', value }),
  i32: (value: number): Scalar => ({ kind: 'i32', value }),
  u32: (value: number): Scalar => ({ kind: 'u32', value }),
};

const isScalar = (f: Scalar | FbNode): f is Scalar => ['i8', 'u8', 'i32', 'u32'].includes(f.kind);

class Writer {
  bytes = new Uint8Array(1024);
  length = 0;

  private grow(n: number) {
    if (this.length + n <= this.bytes.length) return;
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    next.set(this.bytes);
    this.bytes = next;
  }
  get view() {
    return new DataView(this.bytes.buffer);
  }
  align(n: number) {
    while (this.length % n !== 0) this.u8(0);
  }
  u8(v: number) {
    this.grow(1);
    this.bytes[this.length++] = v & 0xff;
  }
  u16(v: number) {
    this.grow(2);
    this.view.setUint16(this.length, v, true);
    this.length += 2;
  }
  i32(v: number) {
    this.grow(4);
    this.view.setInt32(this.length, v, true);
    this.length += 4;
  }
  raw(b: Uint8Array) {
    this.grow(b.length);
    this.bytes.set(b, this.length);
    this.length += b.length;
  }
  /** reserves a uoffset slot, to be pointed at `node` once it is written */
  placeholder(): number {
    const at = this.length;
    this.i32(0);
    return at;
  }
  patch(at: number, target: number) {
    this.view.setUint32(at, target - at, true);
  }
}

/** writes `node` and everything it refers to; returns the node's position */
function write(w: Writer, node: FbNode): number {
  const pending: Array<{ at: number; node: FbNode }> = [];
  let start: number;
  switch (node.kind) {
    case 'table': {
      const slots = node.fields.length;
      // vtable: its size, the table's size, then one offset per field (0 = absent)
      w.align(4);
      if ((w.length + 4 + 2 * slots) % 4 !== 0) w.u16(0); // so the table after the vtable lands on 4 bytes
      const vtable = w.length;
      w.u16(4 + 2 * slots);
      w.u16(4 + 4 * node.fields.filter((f) => f !== undefined).length);
      let offset = 4;
      for (const f of node.fields) {
        w.u16(f === undefined ? 0 : offset);
        if (f !== undefined) offset += 4;
      }
      start = w.length;
      w.i32(start - vtable);
      for (const f of node.fields) {
        if (f === undefined) continue;
        if (!isScalar(f)) {
          pending.push({ at: w.placeholder(), node: f });
        } else if (f.kind === 'i8' || f.kind === 'u8') {
          w.u8(f.value);
          w.u8(0);
          w.u16(0);
        } else w.i32(f.value);
      }
      break;
    }
    case 'string': {
      w.align(4);
      start = w.length;
      const text = new TextEncoder().encode(node.value);
      w.i32(text.length);
      w.raw(text);
      w.u8(0);
      break;
    }
    case 'bytes':
      w.align(4);
      start = w.length;
      w.i32(node.value.length);
      w.raw(node.value);
      break;
    case 'i32s':
      w.align(4);
      start = w.length;
      w.i32(node.value.length);
      for (const v of node.value) w.i32(v);
      break;
    case 'tables':
      w.align(4);
      start = w.length;
      w.i32(node.value.length);
      for (const t of node.value) pending.push({ at: w.placeholder(), node: t });
      break;
  }
  for (const p of pending) w.patch(p.at, write(w, p.node));
  return start;
}

/** the finished buffer: root offset, file identifier, then the root table */
export function finish(root: FbNode, identifier: string): Uint8Array {
  const w = new Writer();
  const rootSlot = w.placeholder();
  for (const c of identifier) w.u8(c.charCodeAt(0));
  w.patch(rootSlot, write(w, root));
  return w.bytes.slice(0, w.length);
}

// ---- TFLite on top of it (schema.fbs field order) ----

export interface BuiltTensor {
  shape: number[];
  /** a constant's values */
  data?: Float32Array;
  name?: string;
}

export interface BuiltOperator {
  /** builtin code, or a custom operator's name */
  op: number | string;
  inputs: number[];
  outputs: number[];
  /** the builtin options table (its union type is not read by the reader, so any non-zero value does) */
  options?: FbNode;
  customOptions?: Uint8Array;
}

const CUSTOM = 32;

export function buildTflite(model: {
  tensors: BuiltTensor[];
  operators: BuiltOperator[];
  inputs: number[];
  outputs: number[];
  description?: string;
}): Uint8Array {
  const codes: Array<number | string> = [];
  const codeIndex = (op: number | string) => {
    if (!codes.includes(op)) codes.push(op);
    return codes.indexOf(op);
  };
  // buffer 0 is the empty sentinel, as converters write it
  const buffers: FbNode[] = [fb.table()];
  const tensors = model.tensors.map((t, i) => {
    let buffer = 0;
    if (t.data) {
      buffer = buffers.length;
      buffers.push(fb.table(fb.bytes(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength))));
    }
    // Tensor: shape, type (FLOAT32 = 0), buffer, name
    return fb.table(fb.i32s(t.shape), fb.i8(0), fb.u32(buffer), fb.string(t.name ?? `t${i}`));
  });
  const operators = model.operators.map((o) =>
    // Operator: opcode_index, inputs, outputs, builtin_options_type, builtin_options, custom_options
    fb.table(
      fb.u32(codeIndex(o.op)),
      fb.i32s(o.inputs),
      fb.i32s(o.outputs),
      o.options ? fb.u8(1) : undefined,
      o.options,
      o.customOptions ? fb.bytes(o.customOptions) : undefined,
    ),
  );
  const operatorCodes = codes.map((op) =>
    typeof op === 'string'
      ? // OperatorCode: deprecated_builtin_code, custom_code, version, builtin_code
        fb.table(fb.i8(CUSTOM), fb.string(op), fb.i32(1), fb.i32(CUSTOM))
      : // a code below 127 only in the deprecated byte, as files from before schema 3a have it
        fb.table(fb.i8(Math.min(op, 127)), undefined, fb.i32(1), op > 127 ? fb.i32(op) : undefined),
  );
  const subgraph = fb.table(fb.tables(tensors), fb.i32s(model.inputs), fb.i32s(model.outputs), fb.tables(operators));
  // Model: version, operator_codes, subgraphs, description, buffers
  const root = fb.table(
    fb.u32(3),
    fb.tables(operatorCodes),
    fb.tables([subgraph]),
    fb.string(model.description ?? 'built by the test'),
    fb.tables(buffers),
  );
  return finish(root, 'TFL3');
}

/** a custom operator's options: int32 fields, as MediaPipe's C structs lay them out */
export function int32Options(...values: number[]): Uint8Array {
  return new Uint8Array(new Int32Array(values).buffer);
}
