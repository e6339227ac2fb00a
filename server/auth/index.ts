/** The front door of server/auth: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { adminExists, createUser, meOf, type NewUser } from './accounts';
export { createAuth, NO_ROLE, type Auth, type WithAuth } from './auth';
export { authBridge } from './bridge';
export { sendInvitation, sendPasswordReset } from './invitation';
export { currentUser, requireRole, requireUser, type SessionUser } from './session';
