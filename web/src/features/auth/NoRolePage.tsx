import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { landingFor } from '../../../../common/roles';
import { texts } from '../../../../common/texts';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { useAuth } from './AuthProvider';

export function NoRolePage() {
  const { user, role, membership, landing, refreshRole, logout } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (role) navigate(landingFor(role), { replace: true });
    else if (membership && landing) navigate(landing, { replace: true });
  }, [role, membership, landing, navigate]);
  return (
    <Page title={texts.auth.noRoleTitle} width="sm">
      <Card className="space-y-4">
        <p className="text-slate-700">{texts.auth.noRoleText}</p>
        <p className="text-sm text-slate-600">
          {texts.auth.noRoleSignedInAs} <strong className="break-all text-slate-900">{user?.email}</strong>
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => void refreshRole()}>{texts.auth.refreshRole}</Button>
          <Button
            variant="secondary"
            onClick={() => void logout().then((ended) => ended && navigate('/login', { replace: true }))}
          >
            {texts.auth.logout}
          </Button>
        </div>
      </Card>
    </Page>
  );
}
