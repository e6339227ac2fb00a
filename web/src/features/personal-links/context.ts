import { createContext, useContext } from 'react';
import type { PersonalLinkState } from '../../../../common/contracts/personal-links';

/** The personal link a page was opened through (/e/<code>/…): its code and what the server said of it. */
export type PersonalLink = { code: string; link: PersonalLinkState };

export const PersonalLinkContext = createContext<PersonalLink | null>(null);

/** The personal link of the page, or null on every other page. */
export function usePersonalLink(): PersonalLink | null {
  return useContext(PersonalLinkContext);
}

/** The person of an open personal link (prefills the contact step), or null. */
export function useLinkedPerson() {
  const link = usePersonalLink()?.link;
  return link?.state === 'open' ? link.person : null;
}
