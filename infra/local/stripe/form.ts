/**
 * Decodes Stripe's bracket-notation form encoding (`a[b][0][c]=1`, `expand[]=x`) into nested
 * objects and arrays. Values stay strings, as they do on the wire; callers convert numbers.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export class FormError extends Error {}

export function parseForm(input: string | URLSearchParams): FormObject {
  const params = typeof input === 'string' ? new URLSearchParams(input) : input;
  const root: FormObject = {};
  for (const [rawKey, value] of params) {
    const path = splitKey(rawKey);
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      // `[]` appends; a numeric index lands where it says, later compacted into a real array.
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (FORBIDDEN.has(key)) throw new FormError(`Invalid parameter name: ${rawKey}`);
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (next !== undefined && (typeof next !== 'object' || next === null)) {
        throw new FormError(`Conflicting values for parameter: ${rawKey}`);
      }
      node = (next as Record<string, unknown> | undefined) ?? (node[key] = {});
    });
  }
  return toArrays(root) as FormObject;
}

function splitKey(key: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) throw new FormError(`Invalid parameter name: ${key}`);
  const rest = [...(m[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1] ?? '');
  return [m[1] ?? '', ...rest];
}

/** Objects whose keys are exactly 0..n-1 become arrays (Stripe's `line_items[0]`). */
function toArrays(value: unknown): FormValue {
  if (typeof value !== 'object' || value === null) return value as string;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  const converted: FormObject = Object.fromEntries(keys.map((k) => [k, toArrays(obj[k])]));
  const isList = keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) && keys.every((_, i) => i in converted);
  return isList ? keys.map((_, i) => converted[String(i)] as FormValue) : converted;
}
