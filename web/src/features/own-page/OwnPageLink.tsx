import { Link } from 'react-router';
import { texts } from '../../../../common/texts';
import { useAuth } from '../auth';
import { usePersonalLink } from '../personal-links';

/**
 * The way to the own page from the thank-you page: the personal link's page, or /konto when signed
 * in. With `code` (a submission sent without an account): that link, with its address to keep.
 */
export function OwnPageLink({ code }: { code?: string } = {}) {
  const personal = usePersonalLink();
  const { user } = useAuth();
  if (code)
    return (
      <div className="mt-3 space-y-1 text-sm" data-testid="own-page-link">
        <p>{texts.ownPage.thankYouOwnPage}</p>
        <Link to={`/e/${code}`} className="inline-block font-semibold text-brand underline">
          {texts.ownPage.ownPageLink}
        </Link>
        <p className="break-all text-xs">{`${window.location.origin}/e/${code}`}</p>
      </div>
    );
  const to = personal?.link.state === 'open' ? `/e/${personal.code}` : user ? '/konto' : null;
  if (!to) return null;
  return (
    <Link to={to} className="inline-block text-sm font-semibold text-brand underline">
      {texts.ownPage.ownPageLink}
    </Link>
  );
}
