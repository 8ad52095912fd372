/** Made once per cold start: the values the handlers' dependencies are built from. */
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

/** An async once that forgets a failure, so a transient cold-start error is retried by the next request. */
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
