/** The front door of server/users: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { seedDemo } from './demo';
export { createUser, listUsers, setUserRole } from './service';
