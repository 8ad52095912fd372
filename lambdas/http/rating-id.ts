import { notFound } from '../domain/errors.ts';
import { API_MESSAGES } from '../domain/messages.ts';
import { pathParam } from './query.ts';
import type { ApiEvent } from './types.ts';

/** The `{id}` of a /api/ratings/{id}… route; a missing one is the same 404 as an unknown rating. */
export function ratingIdOf(event: Pick<ApiEvent, 'pathParameters'>): string {
  const id = pathParam(event, 'id');
  if (!id) throw notFound(API_MESSAGES.ratingNotFound);
  return id;
}
