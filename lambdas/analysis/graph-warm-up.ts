/**
 * One inference of a graph model on a blank input of its own shape. On the WASM backend a model's first inference is
 * much slower than the next ones (memory for its tensors, code the engine has not optimised yet); a warm-up pays for it
 * before the first photo does.
 */
export async function runOnce(tf: any, model: any): Promise<void> {
  const shape = (model.inputs[0].shape as number[]).map((d) => (d > 0 ? d : 1));
  const outputs = tf.tidy(() => model.execute(tf.zeros(shape)));
  try {
    await Promise.all([outputs].flat().map((t: any) => t.data()));
  } finally {
    tf.dispose(outputs);
  }
}
