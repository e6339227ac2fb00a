import { lazy, type ComponentType } from 'react';
import type { PageKey } from '../../common/routes';
import { texts } from '../../common/texts';
import { LoginPage } from './features/auth/LoginPage';
import { NoRolePage } from './features/auth/NoRolePage';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage';
import { SecurityPage } from './features/auth/SecurityPage';
import { SetupPage } from './features/auth/SetupPage';
import {
  ContentSelectionPage,
  DashboardPage,
  HomePage,
  InterviewCategoryPage,
  ModernInterviewRedirect,
  PlaceholderPage,
} from './features/navigation/pages';

const h = texts.nav.pageHeadings;
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
const placeholder = (title: string): ComponentType => () => <PlaceholderPage title={title} />;

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
  'interview/:topic': placeholder(h.interview),
  interview: placeholder(h.interview),
  'voice-message': placeholder(h['voice-message']),
  'transcript-edit': placeholder(h['transcript-edit']),
  'image-upload-after-voice': ImageUploadAfterVoicePage,
  'contact-information': ContactInformationPage,
  upload: MediaUploadPage,
  'thank-you': ThankYouPage,
  'image-upload': ImageUploadPage,
  'image-description': ImageDescriptionPage,
  'document-upload': DocumentUploadPage,
  'document-image-upload': DocumentImageUploadPage,
  admin: placeholder(h.admin),
  'admin-users': placeholder(texts.nav.users),
  'admin-outbox': placeholder(h.admin),
  inbox: placeholder(h.inbox),
  'inbox-detail': placeholder(h.inbox),
  'public-upload': PublicUploadPage,
  'public-thank-you': PublicThankYouPage,
};
