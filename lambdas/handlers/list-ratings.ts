import { notImplemented } from '../http/not-implemented.ts';

export const handler = notImplemented('listRatings');
