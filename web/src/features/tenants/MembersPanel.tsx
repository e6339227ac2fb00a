import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MembershipRole } from '../../../../common/schemas/tenants';
import { texts } from '../../../../common/texts';
import { type Answer, call } from '../../api/client';
import { notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { InputField, SelectField } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';

const t = texts.tenants;
type Member = Answer<'GET /tenants/:key/members'>[number];
/** Contributor first: an editor may invite only contributors. */
const memberRoles = [
  { value: 'contributor', label: t.memberContributor },
  { value: 'editor', label: t.memberEditor },
];

/**
 * A tenant's members (stored and the seed's role holders) with role change and removal, and the
 * invitation form. Only admins add or change editors; editors manage contributors (the server says so too).
 */
export function MembersPanel({
  tenantKey,
  canAddEditors,
  selfId,
}: {
  tenantKey: string;
  canAddEditors: boolean;
  selfId?: string;
}) {
  const queryClient = useQueryClient();
  const params = { key: tenantKey };
  const members = useQuery({
    queryKey: ['tenant-members', tenantKey],
    queryFn: () => call('GET /tenants/:key/members', { params }),
  });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MembershipRole>('contributor');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function invite(event: FormEvent) {
    event.preventDefault();
    // The form's rule (zod) loads with the first invitation, not with the page.
    const { inviteMember } = await import('../../../../common/schemas/tenants');
    const parsed = inviteMember.safeParse({ email, role });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      await call('POST /tenants/:key/members', { params, body: parsed.data });
      notify.success(t.invited, t.invitedNeutral(parsed.data.email));
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: ['tenant-members', tenantKey] });
    } catch (e) {
      notifyFailure(e);
    } finally {
      setBusy(false);
    }
  }

  async function change(member: Member, run: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await run();
      notify.success(done, member.email);
    } catch (e) {
      notifyFailure(e);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['tenant-members', tenantKey] });
    }
  }

  return (
    <section aria-label={t.membersTitle} className="space-y-4">
      <form noValidate onSubmit={invite} className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <InputField
          label={t.inviteEmail}
          type="email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField
          id={`member-role-${tenantKey}`}
          label={t.inviteRole}
          options={canAddEditors ? memberRoles : memberRoles.slice(0, 1)}
          value={role}
          onChange={(e) => setRole(e.target.value as MembershipRole)}
        />
        <Button type="submit" disabled={busy}>
          {t.invite}
        </Button>
      </form>
      {members.isPending ? (
        <Spinner text={texts.common.loading} />
      ) : !members.data?.length ? (
        <p className="text-sm text-slate-600">{t.membersEmpty}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t.members}>
          {members.data.map((m) => {
            const manageable = m.id !== selfId && (canAddEditors || m.role === 'contributor');
            const member = { params: { key: tenantKey, userId: m.id } };
            return (
              <li
                key={m.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                aria-label={m.email}
              >
                <span className="min-w-0 basis-full text-slate-900 wrap-anywhere sm:basis-auto sm:flex-1">
                  {m.email}
                  {m.seed && <span className="ml-2 text-xs text-slate-500">({t.memberSeed})</span>}
                </span>
                {manageable && canAddEditors ? (
                  <SelectField
                    compact
                    hideLabel
                    wrapperClassName=""
                    label={t.memberRoleLabel(m.email)}
                    options={memberRoles}
                    value={m.role}
                    disabled={busy}
                    onChange={(e) => {
                      const role = e.target.value as MembershipRole;
                      const run = () => call('PUT /tenants/:key/members/:userId', { ...member, body: { role } });
                      void change(m, run, t.memberRoleChanged);
                    }}
                  />
                ) : (
                  <span className="text-slate-600">{m.role === 'editor' ? t.memberEditor : t.memberContributor}</span>
                )}
                {manageable && (
                  <Button
                    variant="ghost"
                    disabled={busy}
                    onClick={() => {
                      if (window.confirm(t.memberRemoveConfirm(m.email)))
                        void change(m, () => call('DELETE /tenants/:key/members/:userId', member), t.memberRemoved);
                    }}
                  >
                    {t.memberRemove}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-xs text-slate-500">{t.membersNote}</p>
    </section>
  );
}
