/** What other features may use of this feature; everything else in the folder is its own. */
export { PROFILE_PATH } from './AuthProvider.tsx';
export { RequireAuth } from './RequireAuth.tsx';
export { displayName, useAuth } from './auth-context.ts';
