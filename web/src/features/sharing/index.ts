/** Sharing a link: the copy button, QR code and printable poster. */
export { publicLinkOf, ShareLink, type ShareTenant } from './ShareLink';
