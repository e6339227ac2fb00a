/** The front door of web/src/features/auth: sign-in state of the app (the user, role and membership) and its pages. */
export { AuthProvider, useAuth } from './AuthProvider';
export { InactivityWatcher } from './InactivityWatcher';
export { LoginPage } from './LoginPage';
export { NoRolePage } from './NoRolePage';
export { RequireAccess } from './RequireAccess';
