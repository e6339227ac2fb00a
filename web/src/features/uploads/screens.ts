import type { FlowPage } from '../../../../common/routes';
import {
  defaultUploadLimits,
  formatLabels,
  maxMbOf,
  surfaceFor,
  type UploadLimits,
  type UploadPage,
} from '../../../../common/upload-rules';
import type { Tenant } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';

const t = texts.uploads;

/** How an upload page looks and where it leads, per tenant (the bank's pages differ). */
export type UploadScreen = {
  title: string;
  intro: string;
  /** Flow page after a successful upload (null: the public thank-you page). */
  next: FlowPage | null;
  /** Wait before going on: the spec's 1 s, the bank's 2 s. */
  delayMs: number;
  /** Where 'Überspringen' leads; undefined means the page has no skip button. */
  skipTo?: FlowPage | null;
  /** The bank's after-voice page also offers 'Weiter ohne Bilder'. */
  continueWithout?: boolean;
  showIdHint: boolean;
  tabs?: boolean;
  kind: 'upload' | 'document';
  /** Word in a local id when the server is unreachable. */
  variant: string;
};

/** `limits`: the server's photo and video limits ('GET /media/limits'), so the page states what is enforced. */
export function screenFor(tenant: Tenant, page: UploadPage, limits: UploadLimits = defaultUploadLimits): UploadScreen {
  const photoMb = limits.photoMb;
  // The limits a page states come from its surface (formats, count, size), never typed in again.
  const surface = surfaceFor(tenant.style.uploadSurfaces, page);
  const documentLimits = () =>
    t.limitText(formatLabels(surface, ['document']), maxMbOf(surface, 'document', limits), surface.maxFiles);
  const photoLimits = () => t.limitText(formatLabels(surface, ['photo']), photoMb, surface.maxFiles);
  const bank = tenant.style.fileUploadScreens;
  const delayMs = bank ? 2000 : 1000;
  switch (page) {
    case 'upload':
      return bank
        ? {
            title: t.bankUploadTitle,
            intro: documentLimits(),
            next: 'contact-information',
            delayMs,
            skipTo: 'contact-information',
            showIdHint: true,
            kind: 'document',
            variant: '',
          }
        : {
            title: t.mediaTitle,
            intro: t.mediaIntro,
            next: 'thank-you',
            delayMs,
            skipTo: 'thank-you',
            showIdHint: true,
            kind: 'upload',
            variant: 'upload',
          };
    case 'image-upload':
      return bank
        ? {
            title: t.bankImageTitle,
            intro: photoLimits(),
            next: 'contact-information',
            delayMs,
            showIdHint: true,
            kind: 'upload',
            variant: '',
          }
        : {
            title: t.imageTitle,
            intro: t.imageIntro,
            next: 'image-description',
            delayMs,
            showIdHint: true,
            kind: 'upload',
            variant: 'image_interview',
          };
    case 'document-upload':
      return bank
        ? {
            title: t.bankDocumentsTitle,
            intro: documentLimits(),
            next: 'contact-information',
            delayMs,
            showIdHint: true,
            kind: 'document',
            variant: '',
          }
        : {
            title: t.documentTitle,
            intro: t.documentIntro,
            next: 'document-image-upload',
            delayMs,
            showIdHint: true,
            kind: 'document',
            variant: 'document',
          };
    case 'document-image-upload':
      return bank
        ? {
            title: t.bankDocumentImagesTitle,
            intro: `${documentLimits()}; ${t.photoLimitText(formatLabels(surface, ['photo']), photoMb)}`,
            next: 'contact-information',
            delayMs,
            skipTo: 'contact-information',
            showIdHint: true,
            tabs: true,
            kind: 'document',
            variant: '',
          }
        : {
            title: t.documentImageTitle,
            intro: t.documentImageIntro,
            next: 'contact-information',
            delayMs,
            skipTo: 'contact-information',
            showIdHint: true,
            kind: 'document',
            variant: 'document',
          };
    case 'image-upload-after-voice':
      return {
        title: t.afterVoiceTitle,
        intro: bank ? photoLimits() : `${t.afterVoiceIntro} ${photoLimits()}`,
        next: 'contact-information',
        delayMs,
        skipTo: 'contact-information',
        continueWithout: bank,
        showIdHint: true,
        kind: 'upload',
        variant: bank ? 'bank_voice' : 'voice',
      };
    // Video answers have their own page (features/video-answers); it shares the public upload's screen only as a fallback.
    case 'video-answer':
    case 'public-upload':
      return {
        title: t.publicTitle,
        intro: t.publicIntro,
        next: 'thank-you',
        delayMs: 1000,
        skipTo: 'thank-you',
        showIdHint: true,
        kind: 'upload',
        variant: 'upload',
      };
  }
}
