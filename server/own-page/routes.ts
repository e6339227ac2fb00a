import type { FastifyInstance } from 'fastify';
import { consentTextsOf, currentTextsOf, newConsentVersion } from '../consent';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import { serve } from '../http/contract';
import { requireRole } from '../auth';
import { requireTenantEditor } from '../tenants';
import { confirmErasure, keepForReason, listErasures, registerErasureJobs, requestErasure } from './erasure';
import { exportZip } from './export';
import { personOf, submissionIdsOf } from './person';
import { processingRecord } from './processing';
import { registerRetentionJob, retentionOf, setRetention } from './retention';
import { ownPageOf } from './service';
import { markTakedownDone, takedownsFor } from './takedowns';
import { withdrawConsents } from './withdraw';

/** Per-address limit of the own page's routes (a personal link's code is in the path). */
const limited = { config: { rateLimit: { max: 300, timeWindow: '10 minutes' } } };

/**
 * The contributor's own page (`konto` = the signed-in account, else a personal link's code),
 * the editors' takedown tasks and erasure requests, the admin's consent texts, retention and
 * record of processing. Every answer is the person's own or within the editor's tenants.
 */
export async function ownPageRoutes(app: FastifyInstance): Promise<void> {
  registerErasureJobs(app);
  await registerRetentionJob(app);

  serve(app, 'GET /own-page/:access', limited, async (request, reply, input) => {
    reply.header('cache-control', 'no-store');
    const person = await personOf(request, reply, input.params().access);
    return ownPageOf(app, person, await submissionIdsOf(app.db, person));
  });

  serve(app, 'POST /own-page/:access/withdrawals', limited, async (request, reply, input) => {
    const person = await personOf(request, reply, input.params().access);
    const { kinds } = input.body();
    return withdrawConsents(app, person, await submissionIdsOf(app.db, person), kinds);
  });

  serve(app, 'GET /own-page/:access/export.zip', limited, async (request, reply, input) => {
    const person = await personOf(request, reply, input.params().access);
    const zip = await exportZip(app, person, await submissionIdsOf(app.db, person));
    return reply
      .type('application/zip')
      .header('content-disposition', 'attachment; filename="meine-daten.zip"')
      .header('cache-control', 'no-store')
      .send(zip);
  });

  serve(app, 'POST /own-page/:access/erasure', limited, async (request, reply, input) => {
    const person = await personOf(request, reply, input.params().access);
    return requestErasure(app, person, await submissionIdsOf(app.db, person));
  });

  serve(app, 'GET /takedowns', async (request, reply, input) => {
    const { scope } = await requireTenantEditor(request, reply);
    return takedownsFor(app.db, scope, input.query().tenant);
  });

  serve(app, 'POST /takedowns/:id/done', async (request, reply, input) => {
    const { user, scope } = await requireTenantEditor(request, reply);
    await markTakedownDone(app.db, { ...user, scope }, input.params().id);
    return { ok: true as const };
  });

  serve(app, 'GET /erasures', async (request, reply) => {
    const { scope } = await requireTenantEditor(request, reply);
    return listErasures(app.db, scope);
  });

  serve(app, 'POST /erasures/:id/keep', async (request, reply, input) => {
    const { user, scope } = await requireTenantEditor(request, reply);
    await keepForReason(app, { ...user, scope }, input.params().id, input.body().reason);
    return { ok: true as const };
  });

  serve(app, 'POST /erasures/:id/confirm', async (request, reply, input) => {
    const { user, scope } = await requireTenantEditor(request, reply);
    await confirmErasure(app, { ...user, scope }, input.params().id);
    return { ok: true as const };
  });

  serve(app, 'GET /tenants/:key/consent-texts', limited, async (_request, reply, input) => {
    reply.header('cache-control', 'no-cache');
    return currentTextsOf(app.db, await knownTenant(app, input.params().key));
  });

  serve(app, 'GET /admin/tenants/:key/consent-texts', async (request, reply, input) => {
    await requireRole(request, reply, ['admin']);
    return consentTextsOf(app.db, await knownTenant(app, input.params().key));
  });

  serve(app, 'POST /admin/tenants/:key/consent-texts', async (request, reply, input) => {
    const admin = await requireRole(request, reply, ['admin']);
    return newConsentVersion(app.db, admin, await knownTenant(app, input.params().key), input.body());
  });

  serve(app, 'GET /admin/tenants/:key/retention', async (request, reply, input) => {
    await requireRole(request, reply, ['admin']);
    return retentionOf(app.db, await knownTenant(app, input.params().key));
  });

  serve(app, 'PUT /admin/tenants/:key/retention', async (request, reply, input) => {
    const admin = await requireRole(request, reply, ['admin']);
    const key = await knownTenant(app, input.params().key);
    await setRetention(app.db, admin, key, input.body().months);
    return retentionOf(app.db, key);
  });

  serve(app, 'GET /admin/tenants/:key/processing.md', async (request, reply, input) => {
    await requireRole(request, reply, ['admin']);
    const key = await knownTenant(app, input.params().key);
    return reply
      .type('text/markdown; charset=utf-8')
      .header('content-disposition', `attachment; filename="verarbeitungsverzeichnis-${key}.md"`)
      .send(await processingRecord(app, key));
  });
}

async function knownTenant(app: FastifyInstance, key: string): Promise<string> {
  const registry = await app.tenantRegistry.fresh();
  if (!registry.get(key)) throw new DomainError('not_found', texts.common.notFound);
  return key;
}
