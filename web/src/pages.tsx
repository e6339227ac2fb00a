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
  'image-upload-after-voice': placeholder(h['image-upload-after-voice']),
  'contact-information': ContactInformationPage,
  upload: placeholder(h.upload),
  'thank-you': ThankYouPage,
  'image-upload': placeholder(h['image-upload']),
  'image-description': ImageDescriptionPage,
  'document-upload': placeholder(h['document-upload']),
  'document-image-upload': placeholder(h['document-image-upload']),
  admin: placeholder(h.admin),
  'admin-users': placeholder(texts.nav.users),
  'admin-outbox': placeholder(h.admin),
  inbox: placeholder(h.inbox),
  'inbox-detail': placeholder(h.inbox),
  'public-upload': placeholder(h.upload),
  'public-thank-you': PublicThankYouPage,
};
