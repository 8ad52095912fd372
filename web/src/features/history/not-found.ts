import { ApiError } from '#web/lib/api.ts';

export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
