import { PACKAGES } from '#shared/packages.ts';
import { json, withErrors } from '../http/response.ts';

export const handler = withErrors(async () => json(200, PACKAGES, { 'cache-control': 'public, max-age=300' }));
