import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OUTBOX_PAGE_SIZE } from '../../common/schemas/admin';
import { parseRole } from '../../common/roles';
import { texts } from '../../common/texts';
import { writeAudit } from '../admin';
import { requireRole, sendInvitation, sendPasswordReset } from '../auth';
import { serve } from '../http/contract';
import { DomainError } from '../http/errors';
import { accessFrom, membershipsByUser } from '../tenants';
import { createUser, findAccount, listAccounts, setUserRole } from './service';

const toIso = (value: unknown) => {
  const date = value instanceof Date ? value : new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
};

/** User management and the outbox reader: admins only. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const requireAdmin = (request: FastifyRequest, reply: Parameters<typeof requireRole>[1]) =>
    requireRole(request, reply, ['admin']);

  async function accountOr404(userId: string) {
    const account = await findAccount(app.db, userId);
    if (!account) throw new DomainError('not_found', texts.admin.userNotFound);
    return account;
  }

  serve(app, 'GET /admin/users', async (request, reply) => {
    await requireAdmin(request, reply);
    const [users, stored] = await Promise.all([listAccounts(app.db), membershipsByUser(app.db)]);
    return users.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      role: parseRole(u.role),
      deactivated: !!u.banned,
      createdAt: toIso(u.createdAt),
      hasPassword: !!Number(u.has_password),
      // What access uses: the stored membership, else the seed role's (none for admins).
      membership: accessFrom(u.role, stored.get(u.id)).membership,
    }));
  });

  // Creates the account without a password and mails an invitation link to set one.
  serve(app, 'POST /admin/users', async (request, reply, parts) => {
    const admin = await requireAdmin(request, reply);
    const input = parts.body();
    const exists = await app.db.selectFrom('user').select('id').where('email', '=', input.email).executeTakeFirst();
    if (exists) throw new DomainError('conflict', texts.admin.userExists);
    const role = input.role === 'none' ? null : input.role;
    const user = await createUser(app.auth, { email: input.email, name: input.name || undefined, role });
    await sendInvitation(app, user);
    await writeAudit(app.db, admin, {
      action: 'user.invite',
      target: `user:${user.id}`,
      detail: { email: user.email, role },
    });
    reply.code(201);
    return { id: user.id, email: user.email };
  });

  serve(app, 'POST /admin/users/:userId/invitation', async (request, reply, input) => {
    const admin = await requireAdmin(request, reply);
    const account = await accountOr404(input.params().userId);
    await sendInvitation(app, account);
    await writeAudit(app.db, admin, {
      action: 'user.invite',
      target: `user:${account.id}`,
      detail: { email: account.email, again: true },
    });
    return { ok: true };
  });

  serve(app, 'PUT /admin/users/:userId/role', async (request, reply, input) => {
    const admin = await requireAdmin(request, reply);
    const account = await accountOr404(input.params().userId);
    const { role } = input.body();
    const next = role === 'none' ? null : role;
    if (account.id === admin.id && next !== 'admin') throw new DomainError('conflict', texts.admin.notOnYourself);
    const { ended } = await setUserRole(app.db, account.email, next);
    await writeAudit(app.db, admin, {
      action: 'user.role',
      target: `user:${account.id}`,
      detail: { email: account.email, from: parseRole(account.role), to: next },
    });
    if (ended)
      await writeAudit(app.db, admin, {
        action: 'membership.remove',
        target: `user:${account.id}`,
        tenant: ended.tenant,
        detail: { email: account.email, role: ended.role },
      });
    return { ok: true as const, role: next };
  });

  // better-auth's ban: the account cannot sign in and its sessions end at once.
  serve(app, 'POST /admin/users/:userId/deactivate', async (request, reply, input) => {
    const admin = await requireAdmin(request, reply);
    const account = await accountOr404(input.params().userId);
    if (account.id === admin.id) throw new DomainError('conflict', texts.admin.notOnYourself);
    await app.auth.api.banUser({ body: { userId: account.id }, headers: fromNodeHeaders(request.headers) });
    await writeAudit(app.db, admin, {
      action: 'user.deactivate',
      target: `user:${account.id}`,
      detail: { email: account.email },
    });
    return { ok: true };
  });

  serve(app, 'POST /admin/users/:userId/activate', async (request, reply, input) => {
    const admin = await requireAdmin(request, reply);
    const account = await accountOr404(input.params().userId);
    await app.auth.api.unbanUser({ body: { userId: account.id }, headers: fromNodeHeaders(request.headers) });
    await writeAudit(app.db, admin, {
      action: 'user.activate',
      target: `user:${account.id}`,
      detail: { email: account.email },
    });
    return { ok: true };
  });

  serve(app, 'POST /admin/users/:userId/password-reset', async (request, reply, input) => {
    const admin = await requireAdmin(request, reply);
    const account = await accountOr404(input.params().userId);
    await sendPasswordReset(app, account.email);
    await writeAudit(app.db, admin, {
      action: 'user.password_reset',
      target: `user:${account.id}`,
      detail: { email: account.email },
    });
    return { ok: true };
  });

  serve(app, 'GET /admin/outbox', async (request, reply, input) => {
    await requireAdmin(request, reply);
    const { page } = input.query();
    const [mails, count] = await Promise.all([
      app.db
        .selectFrom('outbox')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(OUTBOX_PAGE_SIZE)
        .offset((page - 1) * OUTBOX_PAGE_SIZE)
        .execute(),
      app.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      mails: mails.map((m) => ({
        id: Number(m.id),
        to: m.to_address,
        subject: m.subject,
        body: m.body,
        createdAt: m.created_at,
      })),
      total: Number(count.n),
      page,
      pageSize: OUTBOX_PAGE_SIZE,
      smtp: !!app.config.SMTP_URL,
    };
  });
}
