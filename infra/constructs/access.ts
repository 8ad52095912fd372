import type { RouteName } from '../../shared/routes.ts';
import type { TableId } from './data.ts';

export type TableAccess = 'read' | 'write' | 'readWrite';

export interface RouteAccess {
  tables?: Partial<Record<TableId, TableAccess>>;
  /** reads the Stripe secret at cold start */
  stripe?: boolean;
  /** cognito-idp:AdminDeleteUser on the user pool */
  deleteCognitoUser?: boolean;
  /** rekognition:DetectFaces */
  detectFaces?: boolean;
}

/**
 * What each route's Lambda may touch; the stack grants exactly this and nothing else.
 * Every signed-in route writes `users`: each first makes sure the caller's profile exists (ensureProfile: a
 * conditional put), and Checkout stores the Stripe customer id. Ratings are written only by analyze and deleteMe.
 */
export const ROUTE_ACCESS: Record<RouteName, RouteAccess> = {
  packages: {},
  analyzeHairline: { tables: { users: 'readWrite', ratings: 'write', uploads: 'readWrite' }, detectFaces: true },
  upload: { tables: { uploads: 'readWrite' } },
  createCheckoutSession: { tables: { users: 'readWrite' }, stripe: true },
  verifyCheckoutSession: { tables: { users: 'readWrite' }, stripe: true },
  stripeWebhook: { tables: { users: 'readWrite' }, stripe: true },
  getMe: { tables: { users: 'readWrite' } },
  patchMe: { tables: { users: 'readWrite' } },
  deleteMe: { tables: { users: 'readWrite', ratings: 'readWrite' }, deleteCognitoUser: true },
  listRatings: { tables: { users: 'readWrite', ratings: 'read' } },
  getRating: { tables: { users: 'readWrite', ratings: 'read' } },
};
