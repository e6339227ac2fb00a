import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveVersion as saveVersionInput } from '../../common/schemas/post';
import { texts } from '../../common/texts';
import type { Editor } from '../inbox/service';
import { createSubmission } from '../submissions/service';
import { findSubmission } from '../submissions/queries';
import { dialects, lastMailTo } from '../testing/harness';
import { startServices, type TestServices } from '../testing/services';
import { decide, publicApproval, sendForApproval, withdrawApproval } from './approval';
import { postOverview, saveVersion } from './service';

const t = texts.post;
const tokenIn = (body: string) => /\/freigabe\/([A-Za-z0-9_-]{40,})/.exec(body)![1]!;

/** A post's approval, called as services (no HTTP), on both databases. */
describe.each(dialects)('post approval on %s (service level)', (dialect) => {
  let s: TestServices;
  let editor: Editor;
  let contentId: number;

  const row = async () => (await findSubmission(s.deps.db, contentId))!;
  const save = async (body: string) =>
    saveVersion(s.deps, editor, await row(), 'linkedin', saveVersionInput.parse({ body }));
  const approvals = async () =>
    (await postOverview(s.deps, await row(), s.deps.adapters.drafter)).channels.find((c) => c.channel === 'linkedin')!
      .approvals;
  const lastMail = (to: string) => lastMailTo(s.deps.db, to);

  beforeAll(async () => {
    s = await startServices(dialect);
    editor = { ...(await s.user('redaktion@example.de', 'vdi_admin')), scope: ['vdi'] };
    ({ contentId } = await createSubmission(s.deps.db, { tenant: 'vdi', kind: 'interview' }, { anonymous: true }));
  });
  afterAll(() => s?.close());

  it('cannot ask for approval without the contributor’s e-mail address', async () => {
    await save('Erste Fassung');
    await expect(sendForApproval(s.deps, editor, await row(), 'linkedin')).rejects.toThrow(t.noContributorEmail);
  });

  it('mails the newest version; approved, it goes out of date when the text is edited afterwards', async () => {
    await s.deps.db
      .updateTable('submissions')
      .set({ contact_email: 'erika@example.de' })
      .where('id', '=', contentId)
      .execute();
    await save('Zweite Fassung');
    await sendForApproval(s.deps, editor, await row(), 'linkedin');
    const token = tokenIn((await lastMail('erika@example.de')).body);
    expect((await publicApproval(s.deps, token)).body).toBe('Zweite Fassung');
    await decide(s.deps, token, { decision: 'approved' });
    expect(await approvals()).toMatchObject([{ state: 'approved', versionNumber: 2, outdated: false }]);
    // A decision stands: a second one is refused.
    await expect(decide(s.deps, token, { decision: 'changes', comment: 'Doch anders' })).rejects.toThrow(
      t.alreadyDecided,
    );

    await save('Dritte Fassung');
    expect(await approvals()).toMatchObject([{ state: 'approved', versionNumber: 2, outdated: true }]);
  });

  it('withdraws an open request when a new one is sent, and a withdrawn link decides nothing', async () => {
    await sendForApproval(s.deps, editor, await row(), 'linkedin');
    const first = tokenIn((await lastMail('erika@example.de')).body);
    await sendForApproval(s.deps, editor, await row(), 'linkedin');
    const second = tokenIn((await lastMail('erika@example.de')).body);
    expect(second).not.toBe(first);
    await expect(decide(s.deps, first, { decision: 'approved' })).rejects.toThrow();
    const open = (await approvals()).find((a) => a.state === 'pending' && !a.withdrawnAt)!;
    await withdrawApproval(s.deps, editor, open.id);
    await expect(decide(s.deps, second, { decision: 'approved' })).rejects.toThrow();
  });
});
