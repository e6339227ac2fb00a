import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxFilter } from '../../common/schemas/inbox';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import { dialects } from '../testing/harness';
import { startServices, type TestServices } from '../testing/services';
import { createSubmission, releaseHeld } from '../submissions/service';
import { findSubmission } from '../submissions/queries';
import { type Editor, loadForEditor } from '../tenants/editor';
import { inboxPage, setStatus } from './service';

/** The inbox's rules called as services (no HTTP), on both databases. */
describe.each(dialects)('inbox rules on %s (service level)', (dialect) => {
  let s: TestServices;
  let admin: Editor;
  let editorA: Editor;
  const ids: Record<'a' | 'b' | 'empty' | 'held', number> = { a: 0, b: 0, empty: 0, held: 0 };

  const submit = async (tenant: 'firma_a' | 'firma_b', opts: { content?: boolean; held?: boolean } = {}) => {
    const { contentId } = await createSubmission(
      s.deps.db,
      { tenant, kind: 'voice', held: opts.held },
      { anonymous: true },
    );
    if (opts.content !== false)
      await s.deps.db
        .updateTable('submissions')
        .set({ transcript: 'Sie: Wir bauen eine Brücke.' })
        .where('id', '=', contentId)
        .execute();
    return contentId;
  };
  const listed = async (editor: Editor, query: Record<string, string> = {}) =>
    (await inboxPage(s.deps, editor, inboxFilter.parse(query))).items.map((i) => i.contentId).sort((x, y) => x - y);

  beforeAll(async () => {
    s = await startServices(dialect);
    admin = { ...(await s.user('admin@example.de', 'admin')), scope: null };
    editorA = { ...(await s.user('a-editor@example.de', 'firma_a')), scope: ['firma_a'] };
    ids.a = await submit('firma_a');
    ids.b = await submit('firma_b');
    ids.empty = await submit('firma_a', { content: false });
    ids.held = await submit('firma_a', { held: true });
  });
  afterAll(() => s?.close());

  it("shows an editor only their tenants' submissions with content; an admin all of them", async () => {
    expect(await listed(editorA)).toEqual([ids.a]);
    expect(await listed(admin)).toEqual([ids.a, ids.b].sort((x, y) => x - y));
  });

  it('refuses a tenant filter outside the scope instead of showing an empty list', async () => {
    await expect(listed(editorA, { tenant: 'firma_b' })).rejects.toThrow(texts.auth.noPermission);
    expect(await listed(admin, { tenant: 'firma_b' })).toEqual([ids.b]);
  });

  it('lets no editor open a submission of another tenant, nor a held one, as if it did not exist', async () => {
    const missing = texts.common.contentIdNotFound;
    await expect(loadForEditor(s.deps, editorA, ids.b)).rejects.toThrow(missing);
    await expect(loadForEditor(s.deps, editorA, ids.held)).rejects.toThrow(missing);
    await expect(loadForEditor(s.deps, admin, ids.held)).rejects.toBeInstanceOf(DomainError);
    expect((await loadForEditor(s.deps, editorA, ids.a)).tenant).toBe('firma_a');
  });

  it('shows a held submission once the browser releases it', async () => {
    await releaseHeld(s.deps.db, (await findSubmission(s.deps.db, ids.held))!);
    await s.deps.db
      .updateTable('submissions')
      .set({ transcript: 'Sie: Nachgereicht.' })
      .where('id', '=', ids.held)
      .execute();
    expect(await listed(editorA)).toEqual([ids.a, ids.held].sort((x, y) => x - y));
  });

  it('changes the status with an audit entry, and the status filter follows it', async () => {
    const row = await loadForEditor(s.deps, editorA, ids.a);
    await setStatus(s.deps, editorA, row, 'in_bearbeitung');
    expect(await listed(editorA, { status: 'in_bearbeitung' })).toEqual([ids.a]);
    expect(await listed(editorA, { status: 'neu' })).not.toContain(ids.a);
    const audit = await s.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `submission:${ids.a}`)
      .where('action', '=', 'submission.status')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
