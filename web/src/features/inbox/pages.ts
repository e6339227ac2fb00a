export { InboxDetailPage } from './InboxDetailPage';
export { InboxPage } from './InboxPage';
