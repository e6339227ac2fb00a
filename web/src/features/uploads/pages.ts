/** The upload capability's pages, loaded on demand by web/src/pages.tsx. */
export {
  DocumentImageUploadPage,
  DocumentUploadPage,
  ImageUploadAfterVoicePage,
  ImageUploadPage,
  MediaUploadPage,
  PublicUploadPage,
} from './UploadPages';
