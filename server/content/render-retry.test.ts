import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../db/database';
import { mountSmallFs, smallFsUnavailable, type SmallFs } from '../testing/faults';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { RENDER_JOB } from './render';

/**
 * Issue 37, point 5: a clip render that meets a full disk is tried again later with growing waits
 * (like photos) and is not marked failed; once there is room it renders.
 */
const noMount = smallFsUnavailable();
if (noMount) console.warn(`skipped: ${noMount}`);

describe.skipIf(noMount).each(dialects)('a render on a full disk (%s)', (dialect) => {
  let t: TestApp;
  let files: SmallFs;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    files = mountSmallFs(path.join(t.config.dataDir, 'files'), 8);
  }, 60_000);
  afterAll(async () => {
    files?.writable();
    files?.unmount();
    await t?.close();
  });

  it('waits for room instead of failing, then renders', async () => {
    await addUser(t.app, 'redaktion@example.de', 'vdi_admin');
    const cookie = await login(t, 'redaktion@example.de');
    const contentId = (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } }))
      .body.contentId as number;
    const source = path.join(t.config.dataDir, 'source.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=10:d=1', '-f', 'lavfi', '-i', 'sine=d=1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', '-y', source],
    ]);
    const bytes = readFileSync(source);
    const key = `${contentId}/source.mp4`;
    await t.app.blobs.put(key, bytes, { contentType: 'video/mp4' });
    const media = await t.app.db
      .insertInto('media')
      .values({
        submission_id: contentId,
        kind: 'video',
        file_path: key,
        file_type: 'video/mp4',
        size: bytes.length,
        original_name: 'quelle.mp4',
        thumbnail_path: null,
        created_at: now(),
        width: 160,
        height: 90,
        duration_ms: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await t.app.db
      .insertInto('content_items')
      .values({
        submission_id: contentId,
        kind: 'clip',
        format: '1:1',
        spec: JSON.stringify({ mediaId: media.id, start: 0, end: 0.6, showName: false }),
        alt: 'Ausschnitt',
        file_key: null,
        file_type: null,
        size: null,
        duration_ms: 600,
        state: 'rendering',
        job_id: null,
        replaces_id: null,
        created_by: 'test',
        created_at: now(),
        updated_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await t.app.mediaJobs.enqueue(RENDER_JOB, { itemId: item.id }, { maxAttempts: 1 });
    await t.app.db.updateTable('content_items').set({ job_id: first }).where('id', '=', item.id).execute();
    const row = () =>
      t.app.db.selectFrom('content_items').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();

    files.fill();
    await t.app.mediaJobs.drain();
    const waiting = await row();
    // Not failed: still rendering, its next round queued for later.
    expect(waiting.state).toBe('rendering');
    expect(Number(waiting.job_id)).not.toBe(first);
    const next = await t.app.db
      .selectFrom('jobs')
      .select(['status', 'run_at', 'payload'])
      .where('id', '=', Number(waiting.job_id))
      .executeTakeFirstOrThrow();
    expect(next.status).toBe('queued');
    expect(new Date(next.run_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(JSON.parse(next.payload)).toEqual({ itemId: item.id, round: 1 });

    // Room again, and the wait is over: it renders.
    files.empty();
    await t.app.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', Number(waiting.job_id))
      .execute();
    await t.app.mediaJobs.drain();
    const done = await row();
    expect(done.state).toBe('ready');
    expect(done.file_key).toBeTruthy();
  }, 120_000);
});
