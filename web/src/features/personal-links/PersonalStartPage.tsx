import type { ComponentType } from 'react';
import { texts } from '../../../../common/texts';
import { Page } from '../../ui/Page';
import { usePersonalLink } from './context';

const t = texts.personalLinks;

/**
 * /e/<code>: one person's page. What it shows comes from the capabilities that make links (a
 * campaign's invitation, the contributor's own page), passed in as sections by web/src/pages.tsx;
 * each section renders nothing for a link that is not its own.
 */
export function PersonalStartPage({ sections }: { sections: ComponentType[] }) {
  const personal = usePersonalLink();
  if (!personal) return null;
  const { link } = personal;
  return (
    <Page
      title={link.state === 'open' ? t.greeting(link.person.firstName) : t.expiredTitle}
      intro={link.state === 'open' ? undefined : t.expired}
      width="lg"
    >
      {sections.map((Section, i) => (
        <Section key={i} />
      ))}
    </Page>
  );
}
