export { AdminDashboardPage } from './AdminDashboardPage';
export { OutboxPage } from './OutboxPage';
export { UsersPage } from './UsersPage';
