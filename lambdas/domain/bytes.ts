/** Bytes read back from a store (DynamoDB's Binary attributes come back as Uint8Array); anything else is none. */
export function asBytes(v: unknown): Uint8Array | undefined {
  if (v instanceof Uint8Array) return v;
  return undefined;
}
