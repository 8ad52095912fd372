/** Query string and path parameters. */
import type { ApiEvent } from './types.ts';

export function queryParam(event: Pick<ApiEvent, 'queryStringParameters'>, name: string): string | undefined {
  const v = event.queryStringParameters?.[name];
  return v === undefined || v === null ? undefined : v;
}

export function pathParam(event: Pick<ApiEvent, 'pathParameters'>, name: string): string | undefined {
  const v = event.pathParameters?.[name];
  return v === undefined || v === null || v === '' ? undefined : v;
}
