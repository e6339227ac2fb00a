import type { FastifyInstance } from 'fastify';
import { deleteTenant as deleteBody } from '../../common/schemas/tenants';
import { texts } from '../../common/texts';
import { currentUser, meOf, requireRole, requireUser, type SessionUser } from '../auth';
import { serve } from '../http/contract';
import { DomainError } from '../http/errors';
import { accessOf, landingOf, requireTenantEditor } from './access';
import {
  tenantStatistics,
  archiveTenant,
  createTenant,
  deleteTenant,
  listTenants,
  setLogo,
  updateTenant,
} from './service';
import { acceptInvitation, changeMemberRole, inviteToTenant, removeMember, tenantMembers } from './members';

const t = texts.tenants;

/** Tenants as data: the admin's page Bereiche, a tenant's public face, and its editors' members. */
export async function tenantRoutes(app: FastifyInstance): Promise<void> {
  // Logos arrive as the raw file; anything else than PNG or WebP is refused by its bytes.
  app.addContentTypeParser(
    ['image/png', 'image/webp', 'image/svg+xml', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: 3 * 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );

  const admin = (request: Parameters<typeof requireRole>[0], reply: Parameters<typeof requireRole>[1]) =>
    requireRole(request, reply, ['admin']);

  // The signed-in user's tenant and where they land (memberships; the seed's roles map onto them).
  const myTenant = async (request: Parameters<typeof accessOf>[0], user: SessionUser) => {
    const access = await accessOf(request, user);
    const key = access.membership?.tenant;
    const tenant = key ? (await app.tenantRegistry.fresh()).get(key) : null;
    return {
      admin: access.admin,
      membership: access.membership,
      tenant: tenant ? { ...tenant, agentIds: {} } : null,
      landing: landingOf(user.role, access, tenant),
    };
  };
  serve(app, 'GET /me/tenant', async (request, reply) => myTenant(request, await requireUser(request, reply)));

  // Who is signed in, with role, tenant and landing page, in one answer that the HTML shell
  // preloads: a signed-in page renders after one round trip, not three. Anonymous: 200 with nulls
  // (no 401 in the console of every public page).
  serve(app, 'GET /session', async (request, reply) => {
    const user = await currentUser(request, reply);
    if (!user) return { me: null, mine: null };
    const [me, mine] = await Promise.all([meOf(app.db, user), myTenant(request, user)]);
    return { me, mine };
  });

  // What a tenant's pages show (name, colour, logo, cards): /t/<key> and /p/<key> read it.
  // Anonymously only for tenants with a public link; signed in also for one's own tenant (admins: all).
  serve(app, 'GET /tenants/:key', async (request, reply, input) => {
    const { key } = input.params();
    const tenant = (await app.tenantRegistry.fresh()).get(key);
    if (!tenant || tenant.archivedAt) throw new DomainError('not_found', t.notFound);
    if (!tenant.publicLink) {
      const user = await currentUser(request, reply);
      const access = user ? await accessOf(request, user) : null;
      if (!access || !(access.admin || access.membership?.tenant === key))
        throw new DomainError('not_found', t.notFound);
    }
    return { ...tenant, agentIds: {} };
  });

  // Names and colours of the tenants an editor sees (inbox, dashboard): admins all, an editor their own.
  serve(app, 'GET /tenant-labels', async (request, reply) => {
    const { scope } = await requireTenantEditor(request, reply);
    const registry = await app.tenantRegistry.fresh();
    return registry
      .orderedKeys()
      .filter((key) => scope === null || scope.includes(key))
      .flatMap((key) => {
        const row = registry.get(key);
        return row
          ? [{ key, name: row.name, brandColor: row.brandColor, builtin: row.builtin, archived: !!row.archivedAt }]
          : [];
      });
  });

  serve(app, 'GET /tenants/:key/logo', async (_request, reply, input) => {
    const { key } = input.params();
    const blobKey = (await app.tenantRegistry.fresh()).logoKey(key);
    if (!blobKey) throw new DomainError('not_found', t.notFound);
    reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff');
    return reply.send(await app.blobs.get(blobKey));
  });

  serve(app, 'GET /admin/tenants', async (request, reply) => {
    await admin(request, reply);
    return listTenants(app.db);
  });

  serve(app, 'POST /admin/tenants', async (request, reply, input) => {
    const user = await admin(request, reply);
    const tenant = await createTenant(app, user, input.body());
    reply.code(201);
    return tenant;
  });

  serve(app, 'PUT /admin/tenants/:key', async (request, reply, input) => {
    const user = await admin(request, reply);
    const { key } = input.params();
    return updateTenant(app, user, key, input.body());
  });

  serve(app, 'POST /admin/tenants/:key/archive', async (request, reply, input) => {
    const user = await admin(request, reply);
    const { key } = input.params();
    return archiveTenant(app, user, key, input.body().archived);
  });

  serve(app, 'DELETE /admin/tenants/:key', async (request, reply, input) => {
    const user = await admin(request, reply);
    const { key } = input.params();
    // The key may come as the query (the page) or as a JSON body.
    return {
      ok: true as const,
      ...(await deleteTenant(
        app,
        user,
        key,
        deleteBody.parse({ ...(request.query as object), ...(request.body as object | undefined) }).confirmKey,
      )),
    };
  });

  serve(app, 'PUT /admin/tenants/:key/logo', async (request, reply, input) => {
    const user = await admin(request, reply);
    const { key } = input.params();
    if (!Buffer.isBuffer(request.body)) throw new DomainError('unsupported_type', t.logoType);
    await setLogo(app, user, key, request.body);
    return { ok: true as const, tenant: (await app.tenantRegistry.fresh()).get(key) };
  });

  // A tenant's members: its editors see and invite contributors; admins also add editors.
  serve(app, 'GET /tenants/:key/members', async (request, reply, input) => {
    const { key } = input.params();
    const { scope } = await requireTenantEditor(request, reply);
    if (scope && !scope.includes(key)) throw new DomainError('forbidden', texts.auth.noPermission);
    return tenantMembers(app.db, key);
  });

  // A tenant's statistics for its editors (and admins): counted for that tenant only.
  serve(app, 'GET /tenants/:key/statistics', async (request, reply, input) => {
    const { key } = input.params();
    const { scope } = await requireTenantEditor(request, reply);
    if (scope && !scope.includes(key)) throw new DomainError('forbidden', texts.auth.noPermission);
    return tenantStatistics(app.readDb, key);
  });

  serve(app, 'POST /tenants/:key/members', async (request, reply, input) => {
    const { key } = input.params();
    const { user, scope } = await requireTenantEditor(request, reply);
    if (scope && !scope.includes(key)) throw new DomainError('forbidden', texts.auth.noPermission);
    const invitation = input.body();
    if (invitation.role === 'editor' && scope !== null) throw new DomainError('forbidden', t.editorsByAdmin);
    // The same answer whether the address has an account or not.
    const answer = await inviteToTenant(app, user, key, invitation);
    reply.code(201);
    return answer;
  });

  // Change a member's role (admins; editors only keep contributors contributors) or end a membership.
  serve(app, 'PUT /tenants/:key/members/:userId', async (request, reply, input) => {
    const { key, userId } = input.params();
    const { user, scope } = await requireTenantEditor(request, reply);
    if (scope && !scope.includes(key)) throw new DomainError('forbidden', texts.auth.noPermission);
    const { role } = input.body();
    if (role === 'editor' && scope !== null) throw new DomainError('forbidden', t.editorsByAdmin);
    await changeMemberRole(app, user, scope === null, key, userId, role);
    return { ok: true as const, role };
  });

  serve(app, 'DELETE /tenants/:key/members/:userId', async (request, reply, input) => {
    const { key, userId } = input.params();
    const { user, scope } = await requireTenantEditor(request, reply);
    if (scope && !scope.includes(key)) throw new DomainError('forbidden', texts.auth.noPermission);
    await removeMember(app, user, scope === null, key, userId);
    return { ok: true };
  });

  // An existing account accepts an invitation into a tenant (the link of the invitation mail).
  serve(
    app,
    'POST /invitations/accept',
    { config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
    async (request, reply, input) => {
      const user = await requireUser(request, reply);
      const { token } = input.body();
      return { ok: true as const, membership: await acceptInvitation(app, user, token) };
    },
  );
}
