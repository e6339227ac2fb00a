import type { FastifyInstance } from 'fastify';
import { inboxFilter, newNote, statusChange } from '../../common/schemas/inbox';
import { contentIdParam } from '../../common/schemas/submission';
import { texts } from '../../common/texts';
import { itemFileName, itemsOf } from '../content/attach';
import { listMedia } from '../submissions/queries';
import { inboxCsv, submissionZip } from './export';
import {
  addNote,
  checkFilterScope,
  deleteSubmission,
  inboxDetail,
  inboxPage,
  loadForEditor,
  requireEditor,
  setStatus,
} from './service';

/** The editorial inbox: admins see every tenant, vdi_admin the association; nobody else any. */
export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/inbox', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    return inboxPage(app, editor, inboxFilter.parse(request.query));
  });

  app.get('/api/inbox/export.csv', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    const filter = inboxFilter.parse(request.query);
    checkFilterScope(editor, filter);
    await app.tenantRegistry.fresh(); // tenant names from the rows
    const csv = await inboxCsv(app, editor.scope, filter);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${texts.admin.csvFileName}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/api/inbox/:contentId', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = contentIdParam.parse(request.params);
    return inboxDetail(app, await loadForEditor(app, editor, contentId));
  });

  app.put('/api/inbox/:contentId/status', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = contentIdParam.parse(request.params);
    const { status } = statusChange.parse(request.body);
    await setStatus(app, editor, await loadForEditor(app, editor, contentId), status);
    return { ok: true, status };
  });

  app.post('/api/inbox/:contentId/notes', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = contentIdParam.parse(request.params);
    const { body } = newNote.parse(request.body);
    const note = await addNote(app, editor, await loadForEditor(app, editor, contentId), body);
    return reply
      .status(201)
      .send({ id: Number(note.id), authorEmail: note.author_email, body: note.body, createdAt: note.created_at });
  });

  app.get('/api/inbox/:contentId/zip', async (request, reply) => {
    await app.tenantRegistry.fresh();
    const editor = await requireEditor(request, reply);
    const { contentId } = contentIdParam.parse(request.params);
    const row = await loadForEditor(app, editor, contentId);
    const [detail, files, items] = await Promise.all([
      inboxDetail(app, row),
      listMedia(app.db, row.id),
      itemsOf(app.db, row.id),
    ]);
    // Quote cards, clips and audiograms made from it lie beside the files.
    const made = items.flatMap((item) =>
      item.state === 'ready' && item.file_key
        ? [{ file_path: item.file_key, original_name: itemFileName(item), file_type: item.file_type ?? undefined }]
        : [],
    );
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="einsendung-${row.id}.zip"`)
      .header('cache-control', 'no-store')
      .send(submissionZip(app, detail, [...files, ...made]));
  });

  app.delete('/api/inbox/:contentId', async (request, reply) => {
    const editor = await requireEditor(request, reply);
    const { contentId } = contentIdParam.parse(request.params);
    const result = await deleteSubmission(app, editor, await loadForEditor(app, editor, contentId));
    return { ok: true, ...result };
  });
}
