import { consentWordings } from '../../../common/finish-rules';
import { attachFile } from '../../submissions/files';
import { addMember } from '../../tenants/service';
import { addUser, api, lastMailTo, login, TEST_PASSWORD, type TestApp } from '../../testing/harness';

/**
 * A contributor of Firma A with a submission (a photo, a video, a clip made from it) whose clip is
 * in a published LinkedIn post and in an Instagram post waiting for approval; the tenant's editor.
 */
export async function contributorScenario(t: TestApp, n = '') {
  const person = `person${n}@example.de`;
  const editorEmail = `redaktion${n}@firma-a.example`;
  await addUser(t.app, person, 'firma_a');
  if (!(await t.app.db.selectFrom('user').select('id').where('email', '=', editorEmail).executeTakeFirst()))
    await addMember(t.app, null, 'firma_a', { email: editorEmail, role: 'editor', password: TEST_PASSWORD });
  const contributor = await login(t, person);
  const editor = await login(t, editorEmail);
  const created = await api(t, 'POST', '/api/submissions', {
    cookie: contributor,
    body: { tenant: 'firma_a', kind: 'upload' },
  });
  const contentId = created.body.contentId as number;
  const photo = await attachFile(t.app, {
    contentId,
    kind: 'photo',
    body: Buffer.from('ein Foto'),
    originalName: 'portrait.jpg',
    contentType: 'image/jpeg',
    extension: 'jpg',
  });
  const video = await attachFile(t.app, {
    contentId,
    kind: 'video',
    body: Buffer.from('ein Video'),
    originalName: 'antwort.mp4',
    contentType: 'video/mp4',
    extension: 'mp4',
  });
  await t.app.db
    .updateTable('submissions')
    .set({ transcript: 'Du: Ich arbeite gern hier.' })
    .where('id', '=', contentId)
    .execute();
  const contact = await api(t, 'PUT', `/api/submissions/${contentId}/contact`, {
    cookie: contributor,
    body: {
      firstName: 'Erika',
      lastName: 'Muster',
      email: person,
      publication: true,
      naming: false,
      consentText: consentWordings.contact[0],
    },
  });
  if (contact.status !== 200) throw new Error(`contact: ${JSON.stringify(contact.body)}`);
  for (const kind of ['video_rights', 'photo_rights'] as const)
    await api(t, 'POST', `/api/submissions/${contentId}/consents`, {
      cookie: contributor,
      body: { kind, text: consentWordings[kind][0] },
    });
  // A clip cut from the video, stored like the renderer stores it.
  const clipKey = `${contentId}/clip-test.mp4`;
  await t.app.blobs.put(clipKey, Buffer.from('ein Clip'), { contentType: 'video/mp4' });
  const at = new Date().toISOString();
  const clip = await t.app.db
    .insertInto('content_items')
    .values({
      submission_id: contentId,
      kind: 'clip',
      format: '9:16',
      spec: JSON.stringify({ mediaId: Number(video.id), start: 0, end: 2 }),
      alt: 'Clip',
      file_key: clipKey,
      file_type: 'video/mp4',
      size: 8,
      duration_ms: 2000,
      state: 'ready',
      job_id: null,
      replaces_id: null,
      created_by: editorEmail,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const clipId = Number(clip.id);
  const items = [{ itemId: clipId, alt: 'Clip mit Erika' }];
  for (const channel of ['linkedin', 'instagram']) {
    const saved = await api(t, 'POST', `/api/posts/${contentId}/${channel}/versions`, {
      cookie: editor,
      body: { body: `Erika erzählt (${channel}).`, images: [], items },
    });
    if (saved.status !== 201 && saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved.body)}`);
  }
  const published = await api(t, 'POST', `/api/posts/${contentId}/linkedin/publications`, {
    cookie: editor,
    body: { url: 'https://www.linkedin.com/feed/update/urn:li:activity:1' },
  });
  if (published.status !== 201) throw new Error(`publish: ${JSON.stringify(published.body)}`);
  const sent = await api(t, 'POST', `/api/posts/${contentId}/instagram/approvals`, { cookie: editor });
  if (sent.status !== 200 && sent.status !== 201) throw new Error(`approval: ${JSON.stringify(sent.body)}`);
  const mail = await lastMailTo(t.app.db, person);
  const approvalToken = /\/freigabe\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
  return {
    person,
    editorEmail,
    contributor,
    editor,
    contentId,
    photoId: Number(photo.id),
    videoId: Number(video.id),
    clipId,
    approvalToken,
  };
}

/** Every stored key of the submission (blob store listing). */
export async function keysOf(t: TestApp, contentId: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.blobs.list()) if (key.startsWith(`${contentId}/`)) keys.push(key);
  return keys.sort();
}
