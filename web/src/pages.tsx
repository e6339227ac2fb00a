import { type ComponentType, lazy } from 'react';
import type { PageKey } from '../../common/routes';
import { LoginPage, NoRolePage } from './features/auth';
import {
  ContentSelectionPage,
  DashboardPage,
  HomePage,
  InterviewCategoryPage,
  ModernInterviewRedirect,
} from './features/navigation';

/** A page loaded with its route; `preload` starts loading its code before the route renders. */
export type LazyPage = ComponentType & { preload?: () => Promise<unknown> };
function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyPage {
  const page: LazyPage = lazy(() => load().then((m) => ({ default: pick(m) })));
  page.preload = load;
  return page;
}

// Everything but the login and the landing pages loads with its route: zod, react-hook-form,
// the auth client, tus and the voice SDK stay off the first page.
const SetupPage = lazyPage(
  () => import('./features/auth/SetupPage'),
  (m) => m.SetupPage,
);
const ResetPasswordPage = lazyPage(
  () => import('./features/auth/ResetPasswordPage'),
  (m) => m.ResetPasswordPage,
);
const SecurityPage = lazyPage(
  () => import('./features/auth/SecurityPage'),
  (m) => m.SecurityPage,
);
const finish = () => import('./features/finish/pages');
const upload = () => import('./features/uploads/pages');
const MediaUploadPage = lazyPage(upload, (m) => m.MediaUploadPage);
const ImageUploadPage = lazyPage(upload, (m) => m.ImageUploadPage);
const DocumentUploadPage = lazyPage(upload, (m) => m.DocumentUploadPage);
const DocumentImageUploadPage = lazyPage(upload, (m) => m.DocumentImageUploadPage);
const ImageUploadAfterVoicePage = lazyPage(upload, (m) => m.ImageUploadAfterVoicePage);
const PublicUploadPage = lazyPage(upload, (m) => m.PublicUploadPage);
const ThankYouPage = lazyPage(finish, (m) => m.ThankYouPage);
const PublicThankYouPage = lazyPage(finish, (m) => m.PublicThankYouPage);
const ContactInformationPage = lazyPage(finish, (m) => m.ContactInformationPage);
const ImageDescriptionPage = lazyPage(finish, (m) => m.ImageDescriptionPage);
const adminPages = () => import('./features/admin/pages');
const AdminDashboardPage = lazyPage(adminPages, (m) => m.AdminDashboardPage);
const UsersPage = lazyPage(adminPages, (m) => m.UsersPage);
const OutboxPage = lazyPage(adminPages, (m) => m.OutboxPage);
const TenantsPage = lazyPage(
  () => import('./features/tenants/pages'),
  (m) => m.TenantsPage,
);
// Its own chunk: the editors' page does not carry the admin's tenant forms.
const MembersPage = lazyPage(
  () => import('./features/tenants/MembersPage'),
  (m) => m.MembersPage,
);
const AcceptInvitationPage = lazyPage(
  () => import('./features/tenants/pages'),
  (m) => m.AcceptInvitationPage,
);
// The list and the detail load apart: the detail's players, content and post tools stay off /eingang.
const InboxPage = lazyPage(
  () => import('./features/inbox/InboxPage'),
  (m) => m.InboxPage,
);
const InboxDetailPage = lazyPage(
  () => import('./features/inbox/InboxDetailPage'),
  (m) => m.InboxDetailPage,
);
const AccessibilityStatementPage = lazyPage(
  () => import('./features/accessibility'),
  (m) => m.AccessibilityStatementPage,
);
const postPages = () => import('./features/post/pages');
const ApprovalPage = lazyPage(postPages, (m) => m.ApprovalPage);
const AccountPage = lazyPage(postPages, (m) => m.AccountPage);
const interviewPages = () => import('./features/interview/InterviewPage');
const TopicInterviewPage = lazyPage(interviewPages, (m) => m.TopicInterviewPage);
const GeneralInterviewPage = lazyPage(interviewPages, (m) => m.GeneralInterviewPage);
const speechPages = () => import('./features/voice-messages/pages');
const VoiceMessagePage = lazyPage(speechPages, (m) => m.VoiceMessagePage);
const TranscriptEditPage = lazyPage(speechPages, (m) => m.TranscriptEditPage);
const VideoAnswerPage = lazyPage(
  () => import('./features/video-answers/pages'),
  (m) => m.VideoAnswerPage,
);
const PublicStartPage = lazyPage(
  () => import('./features/public-link/PublicStartPage'),
  (m) => m.PublicStartPage,
);
const campaignPages = () => import('./features/campaigns');
const CampaignsPage = lazyPage(campaignPages, (m) => m.CampaignsPage);
const CampaignBoardPage = lazyPage(campaignPages, (m) => m.CampaignBoardPage);
const UnsubscribePage = lazyPage(campaignPages, (m) => m.UnsubscribePage);
const SharedCampaignPage = lazyPage(campaignPages, (m) => m.SharedCampaignPage);
const PersonalStartPage = lazyPage(
  () => import('./personal-page'),
  (m) => m.PersonalPage,
);

/**
 * Which component renders each page of the route table. Capabilities register their pages here
 * (lazy-loaded where they are large).
 */
export const pages: Record<PageKey, LazyPage> = {
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
  'personal-start': PersonalStartPage,
  'personal-unsubscribe': UnsubscribePage,
  campaigns: CampaignsPage,
  'campaign-board': CampaignBoardPage,
  'campaign-shared': SharedCampaignPage,
  approval: ApprovalPage,
  accessibility: AccessibilityStatementPage,
  account: AccountPage,
};
