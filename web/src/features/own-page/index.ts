/** The contributor's own page (under /konto and on /e/<code>), the editors' takedowns and erasures, the admin's texts. */
export { OwnPageSection } from './OwnPageSection';
export { OwnPageView } from './OwnPageView';
export { EditorTasks } from './EditorTasks';
export { ConsentTextsPanel } from './ConsentTextsPanel';
export { OwnPageLink } from './OwnPageLink';
