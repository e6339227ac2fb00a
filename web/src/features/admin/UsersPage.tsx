import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { inviteUser, type InviteUser } from '../../../../common/schemas/admin';
import { roles } from '../../../../common/roles';
import { texts } from '../../../../common/texts';
import { type Answer, call } from '../../api/client';
import { notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { InputField, optionsOf, SelectField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../auth';
import { useTenantLabels } from '../../current-tenant/labels';
import { AdminNav } from './AdminNav';
import { formatDateTime } from './format';
import '../../lib/zod-csp';

const t = texts.admin;
const roleOptions = [...roles, 'none'] as const;
const roleChoices = optionsOf(roleOptions, t.roleNames);

function InviteForm() {
  const queryClient = useQueryClient();
  const form = useForm<InviteUser>({
    resolver: zodResolver(inviteUser) as never,
    defaultValues: { email: '', name: '', role: 'none' },
  });
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{t.inviteTitle}</h2>
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-[2fr_2fr_1.5fr_auto] sm:items-end"
        onSubmit={form.handleSubmit(async (values) => {
          try {
            const created = await call('POST /admin/users', { body: values });
            notify.success(t.invited, t.invitedText(created.email));
            form.reset();
            await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
          } catch (error) {
            notifyFailure(error);
          }
        })}
      >
        <InputField
          label={t.userEmail}
          type="email"
          autoComplete="off"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <InputField label={t.userName} autoComplete="off" {...form.register('name')} />
        <SelectField id="invite-role" label={t.userRole} options={roleChoices} {...form.register('role')} />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t.inviteSubmit}
        </Button>
      </form>
    </Card>
  );
}

function UserRow({ user, self }: { user: Answer<'GET /admin/users'>[number]; self: boolean }) {
  const queryClient = useQueryClient();
  const { label } = useTenantLabels();
  const member = user.membership;
  const action = useMutation({
    mutationFn: async (run: () => Promise<void>) => run(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    onError: notifyFailure,
  });
  const state = user.deactivated ? t.stateDeactivated : user.hasPassword ? t.stateActive : t.stateInvited;
  const params = { userId: user.id };
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[2fr_1.2fr_0.8fr_2.6fr] sm:items-center" aria-label={user.email}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900 wrap-anywhere">{user.email}</p>
        <p className="text-xs text-slate-500 wrap-anywhere">
          {user.name} · {formatDateTime(user.createdAt)}
        </p>
      </div>
      <div>
        <SelectField
          id={`role-${user.id}`}
          label={t.changeRole}
          hideLabel
          options={roleChoices}
          value={user.role ?? 'none'}
          disabled={self || action.isPending}
          onChange={(e) => {
            const role = e.target.value as InviteUser['role'];
            action.mutate(async () => {
              await call('PUT /admin/users/:userId/role', { params, body: { role } });
              notify.success(t.roleChanged, t.roleChangedText(user.email, t.roleNames[role] ?? role));
            });
          }}
        />
        <p className="mt-1 text-xs text-slate-600 wrap-anywhere" data-testid="membership">
          {texts.tenants.membershipColumn}:{' '}
          {member
            ? `${label(member.tenant)} · ${member.role === 'editor' ? texts.tenants.memberEditor : texts.tenants.memberContributor}`
            : texts.tenants.memberNone}
        </p>
      </div>
      <p
        className={`text-sm font-medium ${user.deactivated ? 'text-red-700' : user.hasPassword ? 'text-green-700' : 'text-amber-700'}`}
      >
        {state}
      </p>
      <div className="flex flex-wrap gap-2">
        {!self && (
          <Button
            variant="secondary"
            disabled={action.isPending}
            onClick={() =>
              action.mutate(async () => {
                const [key, title, text] = user.deactivated
                  ? (['POST /admin/users/:userId/activate', t.activated, t.activatedText(user.email)] as const)
                  : (['POST /admin/users/:userId/deactivate', t.deactivated, t.deactivatedText(user.email)] as const);
                await call(key, { params });
                notify.success(title, text);
              })
            }
          >
            {user.deactivated ? t.activate : t.deactivate}
          </Button>
        )}
        {member && !self && (
          <Button
            variant="secondary"
            disabled={action.isPending}
            onClick={() => {
              if (!window.confirm(texts.tenants.memberRemoveConfirm(user.email))) return;
              action.mutate(async () => {
                await call('DELETE /tenants/:key/members/:userId', {
                  params: { key: member.tenant, userId: user.id },
                });
                notify.success(texts.tenants.memberRemoved, user.email);
              });
            }}
          >
            {texts.tenants.memberRemoveFromTenant}
          </Button>
        )}
        <Button
          variant="ghost"
          disabled={action.isPending}
          onClick={() =>
            action.mutate(async () => {
              if (user.hasPassword) {
                await call('POST /admin/users/:userId/password-reset', { params });
                notify.success(t.resetSent, t.resetSentText(user.email));
              } else {
                await call('POST /admin/users/:userId/invitation', { params });
                notify.success(t.invited, t.invitedText(user.email));
              }
            })
          }
        >
          {user.hasPassword ? t.sendReset : t.resendInvite}
        </Button>
      </div>
    </li>
  );
}

export function UsersPage() {
  const { user: me } = useAuth();
  const users = useQuery({ queryKey: ['admin', 'users'], queryFn: () => call('GET /admin/users') });
  return (
    <Page title={t.usersTitle} intro={t.usersIntro} width="xl">
      <AdminNav />
      <InviteForm />
      <Card className="mt-6">
        {users.isPending ? (
          <Spinner text={texts.common.loading} />
        ) : users.isError ? (
          <p role="alert" className="text-red-700">
            {t.noData}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t.usersTitle}>
            {users.data.map((u) => (
              <UserRow key={u.id} user={u} self={u.id === me?.id} />
            ))}
          </ul>
        )}
      </Card>
    </Page>
  );
}
