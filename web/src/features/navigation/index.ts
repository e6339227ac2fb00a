/** The front door of web/src/features/navigation: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { RouteAnnouncer } from './announce';
export { BackLink, HistoryTracker } from './back';
export { Layout } from './Layout';
export {
  ContentSelectionPage,
  DashboardPage,
  HomePage,
  InterviewCategoryPage,
  ModernInterviewRedirect,
  NotFoundPage,
} from './pages';
export { EntryCards } from './cards';
