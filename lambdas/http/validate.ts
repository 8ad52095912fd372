/** zod validation that fails with a 400 carrying a readable message. */
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { badRequest } from './errors.ts';

// zod/mini loads no locale, so every issue would read "Invalid input". The English one keeps the 400 texts
// ("username: Too small: expected string to have >=1 characters") and costs ~3 KB minified; import it by name:
// `z.locales.en` drags every locale into the bundle (~260 KB).
z.config(en());

export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');
}

export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw badRequest(formatIssues(result.error.issues));
  return result.data;
}
