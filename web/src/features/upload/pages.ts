/** The upload capability's pages, loaded on demand by web/src/pages.tsx. */
export { PublicUploadPage } from './PublicUploadPage';
export { DocumentImageUploadPage, DocumentUploadPage, ImageUploadAfterVoicePage, ImageUploadPage, MediaUploadPage } from './UploadPages';
