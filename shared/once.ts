/**
 * Load-once helpers for both sides: a value made at its first use (a cold start's dependencies, a model) and kept.
 */

/** Made once, at the first call: the values the handlers' dependencies are built from. */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

/**
 * An async once that forgets a failure, so a transient error (a cold start's, a model file's load) is retried by the
 * next call; callers arriving while it runs share the one promise.
 */
export function onceAsync<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= make().catch((err) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}
