/** The finish capability's pages, loaded on demand by web/src/pages.tsx. */
export { ContactInformationPage } from './ContactInformationPage';
export { ImageDescriptionPage } from './ImageDescriptionPage';
export { PublicThankYouPage, ThankYouPage } from './ThankYouPage';
