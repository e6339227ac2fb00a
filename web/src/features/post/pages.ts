export { AccountPage } from './AccountPage';
export { ApprovalPage } from './ApprovalPage';
