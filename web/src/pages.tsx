import { lazy, type ComponentType } from 'react';
import type { PageKey } from '../../common/routes';
import { LoginPage } from './features/auth/LoginPage';
import { NoRolePage } from './features/auth/NoRolePage';
import {
  ContentSelectionPage,
  DashboardPage,
  HomePage,
  InterviewCategoryPage,
  ModernInterviewRedirect,
} from './features/navigation/pages';

// Everything but the login and the landing pages loads with its route: zod, react-hook-form,
// the auth client, tus and the voice SDK stay off the first page.
const SetupPage = lazy(() => import('./features/auth/SetupPage').then((m) => ({ default: m.SetupPage })));
const ResetPasswordPage = lazy(() =>
  import('./features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const SecurityPage = lazy(() => import('./features/auth/SecurityPage').then((m) => ({ default: m.SecurityPage })));
const finish = () => import('./features/finish/pages');
const upload = () => import('./features/upload/pages');
const MediaUploadPage = lazy(() => upload().then((m) => ({ default: m.MediaUploadPage })));
const ImageUploadPage = lazy(() => upload().then((m) => ({ default: m.ImageUploadPage })));
const DocumentUploadPage = lazy(() => upload().then((m) => ({ default: m.DocumentUploadPage })));
const DocumentImageUploadPage = lazy(() => upload().then((m) => ({ default: m.DocumentImageUploadPage })));
const ImageUploadAfterVoicePage = lazy(() => upload().then((m) => ({ default: m.ImageUploadAfterVoicePage })));
const PublicUploadPage = lazy(() => upload().then((m) => ({ default: m.PublicUploadPage })));
const ThankYouPage = lazy(() => finish().then((m) => ({ default: m.ThankYouPage })));
const PublicThankYouPage = lazy(() => finish().then((m) => ({ default: m.PublicThankYouPage })));
const ContactInformationPage = lazy(() => finish().then((m) => ({ default: m.ContactInformationPage })));
const ImageDescriptionPage = lazy(() => finish().then((m) => ({ default: m.ImageDescriptionPage })));
const adminPages = () => import('./features/admin/pages');
const AdminDashboardPage = lazy(() => adminPages().then((m) => ({ default: m.AdminDashboardPage })));
const UsersPage = lazy(() => adminPages().then((m) => ({ default: m.UsersPage })));
const OutboxPage = lazy(() => adminPages().then((m) => ({ default: m.OutboxPage })));
const TenantsPage = lazy(() => import('./features/tenants/pages').then((m) => ({ default: m.TenantsPage })));
const MembersPage = lazy(() => import('./features/tenants/pages').then((m) => ({ default: m.MembersPage })));
const AcceptInvitationPage = lazy(() =>
  import('./features/tenants/pages').then((m) => ({ default: m.AcceptInvitationPage })),
);
// The list and the detail load apart: the detail's players, content and post tools stay off /eingang.
const InboxPage = lazy(() => import('./features/inbox/InboxPage').then((m) => ({ default: m.InboxPage })));
const InboxDetailPage = lazy(() =>
  import('./features/inbox/InboxDetailPage').then((m) => ({ default: m.InboxDetailPage })),
);
const postPages = () => import('./features/post/pages');
const ApprovalPage = lazy(() => postPages().then((m) => ({ default: m.ApprovalPage })));
const AccountPage = lazy(() => postPages().then((m) => ({ default: m.AccountPage })));
const interviewPages = () => import('./features/interview/InterviewPage');
const TopicInterviewPage = lazy(() => interviewPages().then((m) => ({ default: m.TopicInterviewPage })));
const GeneralInterviewPage = lazy(() => interviewPages().then((m) => ({ default: m.GeneralInterviewPage })));
const speechPages = () => import('./features/voice-message/pages');
const VoiceMessagePage = lazy(() => speechPages().then((m) => ({ default: m.VoiceMessagePage })));
const TranscriptEditPage = lazy(() => speechPages().then((m) => ({ default: m.TranscriptEditPage })));
const VideoAnswerPage = lazy(() =>
  import('./features/video-answer/pages').then((m) => ({ default: m.VideoAnswerPage })),
);
const PublicStartPage = lazy(() =>
  import('./features/public-link/PublicStartPage').then((m) => ({ default: m.PublicStartPage })),
);

/**
 * Which component renders each page of the route table. Capabilities register their pages here
 * (lazy-loaded where they are large).
 */
export const pages: Record<PageKey, ComponentType> = {
  login: LoginPage,
  'reset-password': ResetPasswordPage,
  setup: SetupPage,
  'no-role': NoRolePage,
  home: HomePage,
  dashboard: DashboardPage,
  'modern-interview': ModernInterviewRedirect,
  security: SecurityPage,
  'content-selection': ContentSelectionPage,
  'interview-category': InterviewCategoryPage,
  'interview/:topic': TopicInterviewPage,
  interview: GeneralInterviewPage,
  'voice-message': VoiceMessagePage,
  'transcript-edit': TranscriptEditPage,
  'image-upload-after-voice': ImageUploadAfterVoicePage,
  'contact-information': ContactInformationPage,
  upload: MediaUploadPage,
  'thank-you': ThankYouPage,
  'image-upload': ImageUploadPage,
  'image-description': ImageDescriptionPage,
  'document-upload': DocumentUploadPage,
  'document-image-upload': DocumentImageUploadPage,
  'video-answer': VideoAnswerPage,
  admin: AdminDashboardPage,
  'admin-users': UsersPage,
  'admin-tenants': TenantsPage,
  'tenant-members': MembersPage,
  'tenant-invitation': AcceptInvitationPage,
  'admin-outbox': OutboxPage,
  inbox: InboxPage,
  'inbox-detail': InboxDetailPage,
  'public-start': PublicStartPage,
  'public-upload': PublicUploadPage,
  'public-thank-you': PublicThankYouPage,
  approval: ApprovalPage,
  account: AccountPage,
};
