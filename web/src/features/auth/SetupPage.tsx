import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { setupForm, type SetupForm } from '../../../../common/schemas/auth';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { authApi } from '../../lib/auth-api';
import { failureMessage, notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { InputField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from './AuthProvider';
import '../../lib/zod-csp';

const t = texts.auth;

/** Creates the first admin account; offered only while no admin exists. */
export function SetupPage() {
  const config = useQuery({ queryKey: ['client-config'], queryFn: () => call('GET /client-config') });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const auth = useAuth();
  const form = useForm<SetupForm>({
    resolver: zodResolver(setupForm),
    defaultValues: { name: '', email: '', password: '' },
  });

  if (config.isPending) return <Spinner fill text={t.initializing} />;
  if (!config.data?.setupNeeded) return <Navigate to="/login" replace />;

  return (
    <Page title={t.setupTitle} intro={t.setupIntro} width="sm">
      <Card>
        <form
          className="space-y-4"
          noValidate
          onSubmit={form.handleSubmit(async (values) => {
            try {
              await call('POST /setup', { body: values });
            } catch (error) {
              return notify.error(texts.common.errorTitle, failureMessage(error, t.unexpectedText));
            }
            notify.success(t.setupDone);
            await authApi.signInEmail(values.email, values.password);
            await queryClient.invalidateQueries({ queryKey: ['client-config'] });
            await auth.refreshSession();
            navigate('/admin', { replace: true });
          })}
        >
          <InputField
            label={t.setupName}
            autoComplete="name"
            {...form.register('name')}
            error={form.formState.errors.name?.message}
          />
          <InputField
            label={t.email}
            type="email"
            autoComplete="username"
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <InputField
            label={t.password}
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <Button type="submit" block disabled={form.formState.isSubmitting}>
            {t.setupSubmit}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
