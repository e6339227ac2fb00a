import { Link } from 'react-router';
import { texts } from '../../../../common/texts';
import { useAuth } from '../auth';
import { usePersonalLink } from '../personal-links';

/** The way to the own page from the thank-you page: the personal link's page, or /konto when signed in. */
export function OwnPageLink() {
  const personal = usePersonalLink();
  const { user } = useAuth();
  const to = personal?.link.state === 'open' ? `/e/${personal.code}` : user ? '/konto' : null;
  if (!to) return null;
  return (
    <Link to={to} className="inline-block text-sm font-semibold text-brand underline">
      {texts.ownPage.ownPageLink}
    </Link>
  );
}
