/** What an operator compiles to: a kernel reading and writing the run's tensors by index. */
import type { Tensor, Tf } from '../runtime/tf-runtime.ts';
import type { TfliteOperator } from './tflite-model.ts';

/** the value of every tensor of the graph by index, filled in as the operators run */
export type Slots = (Tensor | undefined)[];
export type Kernel = (slots: Slots) => void;

export interface CompileContext {
  tf: Tf;
  /** the operator's constant input at `position` as a tensor made once, optionally reshaped/transposed once */
  constant(op: TfliteOperator, position: number, prepare?: (t: Tensor) => Tensor): Tensor;
  /** the operator's input at `position`, constant or computed, as a reader of the run's slots */
  operand(op: TfliteOperator, position: number): (slots: Slots) => Tensor;
  /** the shape the file records for the operator's input at `position` (at the file's own input size) */
  shapeOf(op: TfliteOperator, position: number): number[];
}

export type OpCompiler = (op: TfliteOperator, ctx: CompileContext) => Kernel;

export function outputOf(op: TfliteOperator, position: number): number {
  const t = op.outputs[position];
  if (t === undefined) throw new Error(`tflite: operator ${op.index} (${op.op}) has no output ${position}`);
  return t;
}
