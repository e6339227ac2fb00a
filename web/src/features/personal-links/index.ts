/** Personal links (/e/<code>): the route wrapper, the person's start page, and the link for the pages below. */
export { type PersonalLink, PersonalLinkContext, useLinkedPerson, usePersonalLink } from './context';
export { PersonalLinkRoute } from './PersonalLinkRoute';
export { PersonalStartPage } from './PersonalStartPage';
export { FlowCards, type PersonalFlow, personalFlows } from './FlowCards';
