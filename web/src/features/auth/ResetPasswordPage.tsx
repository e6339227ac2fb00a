import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { newPasswordForm } from '../../../../common/schemas/auth';
import { texts } from '../../../../common/texts';
import { authApi } from '../../lib/auth-api';
import { notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { InputField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import '../../lib/zod-csp';

const t = texts.auth;

/** Target of the reset and invitation links: sets a new password with the link's token. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);
  const form = useForm<z.infer<typeof newPasswordForm>>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', repeat: '' },
  });
  const invalid = !token || params.get('error') === 'INVALID_TOKEN';

  return (
    <Page title={t.forgotTitle} width="sm">
      <Card className="space-y-4">
        {invalid ? (
          <p role="alert" className="text-red-700">
            {t.resetLinkInvalid}
          </p>
        ) : done ? (
          <p role="status">{t.passwordSet}</p>
        ) : (
          <form
            className="space-y-4"
            noValidate
            onSubmit={form.handleSubmit(async ({ password }) => {
              const { error } = await authApi.resetPassword(password, token!);
              // A refused password (too short, too common) says why; anything else means the link.
              if (error?.code?.startsWith('PASSWORD_') && error.message)
                return form.setError('password', { message: error.message });
              if (error) return notify.error(texts.common.errorTitle, t.resetLinkInvalid);
              notify.success(t.passwordSet);
              setDone(true);
            })}
          >
            <InputField
              label={t.newPassword}
              type="password"
              autoComplete="new-password"
              {...form.register('password')}
              error={form.formState.errors.password?.message}
            />
            <InputField
              label={t.newPasswordRepeat}
              type="password"
              autoComplete="new-password"
              {...form.register('repeat')}
              error={form.formState.errors.repeat?.message}
            />
            <Button type="submit" block disabled={form.formState.isSubmitting}>
              {t.setPassword}
            </Button>
          </form>
        )}
        <Link to="/login" className="block text-center text-sm font-medium text-brand hover:underline">
          {t.backToLogin}
        </Link>
      </Card>
    </Page>
  );
}
