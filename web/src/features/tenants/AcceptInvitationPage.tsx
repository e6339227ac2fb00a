import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { failureMessage, notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { useAuth } from '../auth';

const t = texts.tenants;

/** /einladung?token=…: a signed-in account accepts an invitation into a tenant (it joins only now). */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { refreshRole } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(token ? undefined : t.acceptInvalid);

  async function accept() {
    setBusy(true);
    setError(undefined);
    try {
      await call('POST /invitations/accept', { body: { token } });
      notify.success(t.accepted);
      await refreshRole();
      navigate('/', { replace: true });
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t.acceptTitle} intro={t.acceptIntro}>
      <Card>
        {error && (
          <p role="alert" className="mb-4 text-red-700">
            {error}
          </p>
        )}
        <Button onClick={() => void accept()} disabled={busy || !token}>
          {t.acceptButton}
        </Button>
      </Card>
    </Page>
  );
}
