import type { FastifyInstance } from 'fastify';
import { texts } from '../../common/texts';
import { serve } from '../http/contract';
import { itemFileName, itemsOf, postsForExport } from '../content';
import { listMedia } from '../submissions';
import { inboxCsv, submissionZip } from './export';
import { addNote, checkFilterScope, deleteSubmission, inboxDetail, inboxPage, setStatus } from './service';
import { loadForEditor, requireEditor } from '../tenants';

/** The editorial inbox: admins see every tenant, vdi_admin the association; nobody else any. */
export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  serve(app, 'GET /inbox', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    return inboxPage(app, editor, input.query());
  });

  serve(app, 'GET /inbox/export.csv', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const filter = input.query();
    checkFilterScope(editor, filter);
    await app.tenantRegistry.fresh(); // tenant names from the rows
    const csv = await inboxCsv(app, editor.scope, filter);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${texts.admin.csvFileName}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  serve(app, 'GET /inbox/:contentId', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = input.params();
    return inboxDetail(app, await loadForEditor(app, editor, contentId));
  });

  serve(app, 'PUT /inbox/:contentId/status', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = input.params();
    const { status } = input.body();
    await setStatus(app, editor, await loadForEditor(app, editor, contentId), status);
    return { ok: true as const, status };
  });

  serve(app, 'POST /inbox/:contentId/notes', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = input.params();
    const { body } = input.body();
    const note = await addNote(app, editor, await loadForEditor(app, editor, contentId), body);
    reply.code(201);
    return { id: Number(note.id), authorEmail: note.author_email, body: note.body, createdAt: note.created_at };
  });

  serve(app, 'GET /inbox/:contentId/zip', async (request, reply, input) => {
    await app.tenantRegistry.fresh();
    const editor = await requireEditor(request, reply);
    const { contentId } = input.params();
    const row = await loadForEditor(app, editor, contentId);
    const [detail, files, items, posts] = await Promise.all([
      inboxDetail(app, row),
      listMedia(app.db, row.id),
      itemsOf(app.db, row.id),
      postsForExport(app.db, row.id),
    ]);
    // Quote cards, clips and audiograms made from it lie beside the files.
    const made = items.flatMap((item) =>
      item.state === 'ready' && item.file_key
        ? [
            {
              file_path: item.file_key,
              original_name: itemFileName(item),
              file_type: item.file_type ?? undefined,
              key: `item:${item.id}`,
            },
          ]
        : [],
    );
    const own = files.map((f) => ({ ...f, key: `photo:${f.id}` }));
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="einsendung-${row.id}.zip"`)
      .header('cache-control', 'no-store')
      .send(
        submissionZip(
          app,
          detail,
          [...own, ...made],
          posts,
          (await app.tenantRegistry.fresh()).displayName(row.tenant),
        ),
      );
  });

  serve(app, 'DELETE /inbox/:contentId', async (request, reply, input) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = input.params();
    const result = await deleteSubmission(app, editor, await loadForEditor(app, editor, contentId));
    return { ok: true as const, ...result };
  });
}
