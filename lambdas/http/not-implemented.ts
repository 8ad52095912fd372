import { errorResponse } from './response.ts';
import type { ApiHandler } from './types.ts';

/** A route whose issue has not landed yet answers 501 instead of pretending. */
export function notImplemented(routeName: string): ApiHandler {
  return async () => errorResponse(501, `${routeName} is not implemented yet`);
}
