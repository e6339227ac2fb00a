/** Sign-in state of the app: the user, role and membership. */
export { useAuth } from './AuthProvider';
