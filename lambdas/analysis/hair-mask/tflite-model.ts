/**
 * A `.tflite` file read into plain objects, following TensorFlow Lite's `schema.fbs`: Model → buffers, operator codes
 * and the first subgraph's tensors and operators. Field ids below are the schema's field order.
 */
import { FlatTable } from './flatbuffer.ts';

/** schema.fbs BuiltinOperator values this reader names; any other builtin is named BUILTIN_<code> */
const BUILTIN_NAMES: Record<number, string> = {
  0: 'ADD',
  2: 'CONCATENATION',
  3: 'CONV_2D',
  4: 'DEPTHWISE_CONV_2D',
  32: 'CUSTOM',
  54: 'PRELU',
};
const CUSTOM = 32;

/** schema.fbs TensorType */
export const TensorType = { FLOAT32: 0, INT32: 2 } as const;

export interface TfliteTensor {
  index: number;
  name: string;
  shape: number[];
  type: number;
  /** the constant's bytes (little-endian), for tensors backed by a non-empty buffer: weights, biases, alphas */
  data?: Uint8Array;
}

export interface TfliteOperator {
  index: number;
  /** builtin name (`CONV_2D`) or, for a custom operator, its custom code (`MaxUnpooling2D`) */
  op: string;
  /** tensor indices; -1 is an optional input left out */
  inputs: number[];
  outputs: number[];
  /** the builtin options table (Conv2DOptions, AddOptions, …), if any */
  options?: FlatTable;
  /** a custom operator's options bytes */
  customOptions?: Uint8Array;
}

export interface TfliteModel {
  description: string;
  tensors: TfliteTensor[];
  operators: TfliteOperator[];
  inputs: number[];
  outputs: number[];
}

// schema.fbs field ids
const MODEL = { operatorCodes: 1, subgraphs: 2, description: 3, buffers: 4 };
const OPERATOR_CODE = { deprecatedBuiltinCode: 0, customCode: 1, builtinCode: 3 };
const SUBGRAPH = { tensors: 0, inputs: 1, outputs: 2, operators: 3 };
const TENSOR = { shape: 0, type: 1, buffer: 2, name: 3 };
const OPERATOR = { opcodeIndex: 0, inputs: 1, outputs: 2, builtinOptions: 4, customOptions: 5 };
const BUFFER = { data: 0, offset: 1, size: 2 };

export function readTflite(bytes: Uint8Array): TfliteModel {
  if (FlatTable.identifier(bytes) !== 'TFL3')
    throw new Error('not a TensorFlow Lite flatbuffer (identifier is not TFL3)');
  const model = FlatTable.root(bytes);
  const buffers = model.tables(MODEL.buffers).map((buffer) => bufferBytes(bytes, buffer));
  const opNames = model.tables(MODEL.operatorCodes).map(operatorName);
  const [graph, ...rest] = model.tables(MODEL.subgraphs);
  if (!graph) throw new Error('tflite: the model has no subgraph');
  if (rest.length > 0) throw new Error('tflite: models with several subgraphs are not supported');

  const tensors = graph.tables(SUBGRAPH.tensors).map((tensor, index): TfliteTensor => {
    const data = buffers[tensor.uint32(TENSOR.buffer)];
    return {
      index,
      name: tensor.string(TENSOR.name) ?? '',
      shape: tensor.int32s(TENSOR.shape),
      type: tensor.int8(TENSOR.type),
      ...(data && data.byteLength > 0 ? { data } : {}),
    };
  });
  const operators = graph.tables(SUBGRAPH.operators).map((operator, index): TfliteOperator => {
    const opcode = operator.uint32(OPERATOR.opcodeIndex);
    const op = opNames[opcode];
    if (op === undefined) throw new Error(`tflite: operator ${index} names opcode ${opcode}, which does not exist`);
    const options = operator.table(OPERATOR.builtinOptions);
    const customOptions = operator.bytes(OPERATOR.customOptions);
    return {
      index,
      op,
      inputs: operator.int32s(OPERATOR.inputs),
      outputs: operator.int32s(OPERATOR.outputs),
      ...(options ? { options } : {}),
      ...(customOptions ? { customOptions } : {}),
    };
  });
  return {
    description: model.string(MODEL.description) ?? '',
    tensors,
    operators,
    inputs: graph.int32s(SUBGRAPH.inputs),
    outputs: graph.int32s(SUBGRAPH.outputs),
  };
}

/**
 * Schema 3a moved builtin codes past 127 to an int32 field and kept the old byte field; writers fill both with the
 * smaller of the code and 127, so the larger of the two is the real code.
 */
function operatorName(code: FlatTable): string {
  const builtin = Math.max(code.int8(OPERATOR_CODE.deprecatedBuiltinCode), code.int32(OPERATOR_CODE.builtinCode));
  if (builtin === CUSTOM) {
    const custom = code.string(OPERATOR_CODE.customCode);
    if (!custom) throw new Error('tflite: a custom operator code has no name');
    return custom;
  }
  return BUILTIN_NAMES[builtin] ?? `BUILTIN_${builtin}`;
}

/** a buffer's bytes: inline, or (files over 2 GB) at an offset from the start of the file */
function bufferBytes(file: Uint8Array, buffer: FlatTable): Uint8Array | undefined {
  const inline = buffer.bytes(BUFFER.data);
  if (inline && inline.byteLength > 0) return inline;
  const offset = buffer.uint64(BUFFER.offset);
  const size = buffer.uint64(BUFFER.size);
  return offset > 1 && size > 0 ? file.subarray(offset, offset + size) : undefined;
}

/** a float32 constant's values, copied out of the file (its bytes need not be 4-byte aligned) */
export function float32Data(tensor: TfliteTensor): Float32Array {
  if (tensor.type !== TensorType.FLOAT32 || !tensor.data) {
    throw new Error(`tflite: tensor ${tensor.index} (${tensor.name}) is not a float32 constant`);
  }
  const copy = tensor.data.slice();
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}
