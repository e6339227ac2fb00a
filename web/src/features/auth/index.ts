/** The front door of web/src/features/auth: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { AuthProvider, useAuth } from './AuthProvider';
export { InactivityWatcher } from './InactivityWatcher';
export { LoginPage } from './LoginPage';
export { NoRolePage } from './NoRolePage';
export { RequireAccess } from './RequireAccess';
