/**
 * A TFLite graph compiled once into a list of closures over tfjs-core operators. Constants (weights, biases, alphas)
 * become tensors at compile time, already in the layout tfjs wants; a run only calls kernels and frees each
 * intermediate tensor after its last reader, so a 512×512 pass does not hold every activation at once.
 */
import type { Tensor, Tf } from '../runtime/tf-runtime.ts';
import { BUILTIN_OPS } from './builtin-ops.ts';
import { CUSTOM_OPS } from './custom-ops.ts';
import type { CompileContext, OpCompiler, Slots } from './kernel.ts';
import { float32Data, type TfliteModel } from './tflite-model.ts';

const OPS: Record<string, OpCompiler> = { ...BUILTIN_OPS, ...CUSTOM_OPS };

export interface CompiledGraph {
  inputIndex: number;
  outputIndices: number[];
  /**
   * Runs the whole graph on `input` (kept: the caller owns it) and returns the tensors asked for, in that order (the
   * caller owns them). Call it inside tf.tidy or dispose what it returns.
   */
  run(input: Tensor, wanted: readonly number[]): Tensor[];
  /** frees the constants */
  dispose(): void;
}

export function compileGraph(model: TfliteModel, tf: Tf): CompiledGraph {
  const [inputIndex, ...moreInputs] = model.inputs;
  if (inputIndex === undefined || moreInputs.length > 0) throw new Error('tflite: expected a graph with one input');
  const constants: Tensor[] = [];
  const ctx: CompileContext = {
    tf,
    constant(op, position, prepare) {
      const index = op.inputs[position] ?? -1;
      const tensor = model.tensors[index];
      if (!tensor?.data)
        throw new Error(`tflite: input ${position} of operator ${op.index} (${op.op}) is not a constant`);
      const made = tf.tidy(() => {
        const raw = tf.tensor(float32Data(tensor), tensor.shape, 'float32');
        return prepare ? prepare(raw) : raw;
      });
      constants.push(made);
      return made;
    },
    shapeOf(op, position) {
      return model.tensors[op.inputs[position] ?? -1]?.shape ?? [];
    },
    operand(op, position) {
      const index = op.inputs[position] ?? -1;
      if (model.tensors[index]?.data) {
        const value = ctx.constant(op, position);
        return () => value;
      }
      return (slots) => {
        const value = slots[index];
        if (!value) throw new Error(`tflite: operator ${op.index} (${op.op}) has no value for input ${position}`);
        return value;
      };
    },
  };
  const kernels = model.operators.map((op) => {
    const compile = OPS[op.op];
    if (!compile) throw new Error(`tflite: operator ${op.index} is ${op.op}, which this runner does not implement`);
    return compile(op, ctx);
  });
  const freeAfter = lastReaders(model, inputIndex);
  const isConstant = (t: number) => model.tensors[t]?.data !== undefined;

  return {
    inputIndex,
    outputIndices: model.outputs,
    run(input, wanted) {
      const keep = new Set(wanted);
      const slots: Slots = new Array<Tensor | undefined>(model.tensors.length);
      slots[inputIndex] = input;
      kernels.forEach((kernel, i) => {
        kernel(slots);
        for (const t of freeAfter[i] ?? []) {
          if (keep.has(t) || isConstant(t)) continue;
          slots[t]?.dispose();
          slots[t] = undefined;
        }
      });
      return wanted.map((t) => {
        const value = t === inputIndex ? undefined : slots[t];
        if (!value) throw new Error(`tflite: tensor ${t} is not computed by the graph`);
        return value;
      });
    },
    dispose() {
      tf.dispose(constants);
      constants.length = 0;
    },
  };
}

/** for each operator, the computed tensors nothing reads after it (its own unread outputs included) */
function lastReaders(model: TfliteModel, inputIndex: number): number[][] {
  const last = new Map<number, number>();
  model.operators.forEach((op, i) => {
    for (const t of op.outputs) last.set(t, i);
    for (const t of op.inputs) if (t >= 0) last.set(t, i);
  });
  const freeAfter: number[][] = model.operators.map(() => []);
  for (const [t, i] of last) if (t !== inputIndex) freeAfter[i]?.push(t);
  return freeAfter;
}
