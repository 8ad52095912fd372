import type { RouteName } from '#shared/routes.ts';
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
  /** the reminder e-mails' token key (REMINDER_TOKEN_SECRET), to check unsubscribe links */
  reminderToken?: boolean;
}

/**
 * What each route's Lambda may touch; the stack grants exactly this and nothing else.
 * Every signed-in route writes `users`: each first makes sure the caller's profile exists (ensureProfile: a
 * conditional put), and Checkout stores the Stripe customer id. Ratings are written by analyze (which also reads the
 * previous one for progress), deleteMe, deleteRating, the two share routes (the rating keeps its shareId), answerIdentity
 * ("Is this you?") and patchMe (progress tracking turned off deletes the ratings' face descriptors). The public
 * share routes only read.
 */
export const ROUTE_ACCESS: Record<RouteName, RouteAccess> = {
  packages: {},
  analyzeHairline: { tables: { users: 'readWrite', ratings: 'readWrite', uploads: 'readWrite' }, detectFaces: true },
  upload: { tables: { uploads: 'readWrite' } },
  createCheckoutSession: { tables: { users: 'readWrite', uploads: 'readWrite' }, stripe: true },
  verifyCheckoutSession: { tables: { users: 'readWrite' }, stripe: true },
  stripeWebhook: { tables: { users: 'readWrite' }, stripe: true },
  getMe: { tables: { users: 'readWrite' } },
  // progress tracking turned off deletes the face descriptors stored with the ratings
  patchMe: { tables: { users: 'readWrite', ratings: 'readWrite' } },
  deleteMe: {
    tables: { users: 'readWrite', ratings: 'readWrite', shares: 'write', reminders: 'write' },
    deleteCognitoUser: true,
    stripe: true,
  },
  listRatings: { tables: { users: 'readWrite', ratings: 'read' } },
  getRating: { tables: { users: 'readWrite', ratings: 'read' } },
  answerIdentity: { tables: { users: 'readWrite', ratings: 'readWrite' } },
  deleteRating: { tables: { users: 'readWrite', ratings: 'readWrite', shares: 'write' } },
  createShare: { tables: { users: 'readWrite', ratings: 'readWrite', shares: 'readWrite' } },
  deleteShare: { tables: { users: 'readWrite', ratings: 'readWrite', shares: 'write' } },
  getShare: { tables: { users: 'read', ratings: 'read', shares: 'read' } },
  shareCard: { tables: { users: 'read', ratings: 'read', shares: 'read' } },
  sharePage: { tables: { users: 'read', ratings: 'read', shares: 'read' } },
  exportMe: { tables: { users: 'readWrite', ratings: 'read', uploads: 'readWrite' } },
  getReminder: { tables: { users: 'readWrite', reminders: 'read' } },
  setReminder: { tables: { users: 'readWrite', reminders: 'write' } },
  deleteReminder: { tables: { users: 'readWrite', reminders: 'write' } },
  unsubscribeReminders: { tables: { reminders: 'write' }, reminderToken: true },
};
