/** zod validation that fails with a 400 carrying a readable message. */
import type { z } from 'zod';
import { badRequest } from './errors.ts';

export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(formatIssues(result.error.issues));
  return result.data;
}
