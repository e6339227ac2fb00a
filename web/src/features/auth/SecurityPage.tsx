import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { texts } from '../../../../common/texts';
import { authClient } from '../../lib/auth-client';
import { notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { InputField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { useAuth } from './AuthProvider';

const t = texts.auth;

/** Two-factor login (TOTP) for admins: set up with a QR code and a first code, or turn off. */
export function SecurityPage() {
  const { role, twoFactorEnabled, refreshRole } = useAuth();
  const [password, setPassword] = useState('');
  const [totpUri, setTotpUri] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);

  if (role !== 'admin') {
    return (
      <Page title={t.securityTitle} width="sm">
        <Card>{t.twoFactorAdminsOnly}</Card>
      </Page>
    );
  }

  const secret = totpUri ? new URL(totpUri).searchParams.get('secret') : null;

  async function enable() {
    setPending(true);
    const { data, error } = await authClient.twoFactor.enable({ password });
    setPending(false);
    if (error || !data || !('totpURI' in data)) return notify.error(texts.common.errorTitle, t.wrongPassword);
    setTotpUri(data.totpURI);
  }

  async function verify() {
    setPending(true);
    const { error } = await authClient.twoFactor.verifyTotp({ code: code.trim() });
    setPending(false);
    if (error) return notify.error(texts.common.errorTitle, t.totpInvalid);
    notify.success(t.twoFactorEnabled);
    setTotpUri(null);
    setPassword('');
    await refreshRole();
  }

  async function disable() {
    setPending(true);
    const { error } = await authClient.twoFactor.disable({ password });
    setPending(false);
    if (error) return notify.error(texts.common.errorTitle, t.wrongPassword);
    notify.success(t.twoFactorDisabled);
    setPassword('');
    await refreshRole();
  }

  return (
    <Page title={t.securityTitle} width="sm">
      <Card className="space-y-4">
        <p className="font-medium">{twoFactorEnabled ? t.twoFactorOn : t.twoFactorOff}</p>
        {totpUri ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">{t.twoFactorScan}</p>
            <div className="flex justify-center rounded-lg bg-white p-3">
              <QRCodeSVG value={totpUri} size={184} />
            </div>
            <p className="text-sm text-slate-600">
              {t.twoFactorSecret}{' '}
              <code className="break-all font-mono text-slate-900" data-testid="totp-secret">
                {secret}
              </code>
            </p>
            <InputField
              label={t.totpCode}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button block disabled={pending || code.trim().length < 6} onClick={() => void verify()}>
              {t.totpSubmit}
            </Button>
          </div>
        ) : (
          <div className="space-y-4">
            <InputField
              label={t.twoFactorPasswordPrompt}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {twoFactorEnabled ? (
              <Button variant="danger" block disabled={pending || !password} onClick={() => void disable()}>
                {t.twoFactorDisable}
              </Button>
            ) : (
              <Button block disabled={pending || !password} onClick={() => void enable()}>
                {t.twoFactorEnable}
              </Button>
            )}
          </div>
        )}
      </Card>
    </Page>
  );
}
