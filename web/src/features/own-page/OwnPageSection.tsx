import { usePersonalLink } from '../personal-links';
import { OwnPageView } from './OwnPageView';

/** On /e/<code>: the own page of the link's person (every open link is its person's way to it). */
export function OwnPageSection() {
  const personal = usePersonalLink();
  if (personal?.link.state !== 'open') return null;
  return (
    <div className="mt-8">
      <OwnPageView access={personal.code} />
    </div>
  );
}
