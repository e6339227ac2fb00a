// What the media benches share: the source video, the transcriber-like timing and an app with the
// video attached to a submission, as an editor's content tools find it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { attachFile } from '../../server/submissions/files';
import { addUser, api, login, startTestApp, type TestApp } from '../../server/testing/harness';

export const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** Segments of about 5 s each over `seconds`, the way a transcriber returns them. */
export function timingFor(seconds: number, sentences: readonly string[]) {
  const segments = [];
  for (let at = 0, i = 0; at < seconds; at += 5, i++)
    segments.push({ start: at + 0.2, end: Math.min(seconds, at + 4.8), text: sentences[i % sentences.length]! });
  return { text: segments.map((s) => s.text).join(' '), segments };
}

/** A 1080p H.264 test picture with a tone, `seconds` long, in `dir`. */
export function sourceVideo(dir: string, seconds: number): string {
  const source = path.join(dir, 'source-1080p.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=30:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=f=300:d=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-c:a', 'aac', '-shortest', '-y', source],
  ]);
  return source;
}

/**
 * The app on SQLite with its media jobs running, an editor signed in, and `source` attached to a
 * new interview with its timing (captions marked ready when `captionsReady`).
 */
export async function appWithVideo(o: {
  source: string;
  seconds: number;
  timing: ReturnType<typeof timingFor>;
  captionsReady?: boolean;
  consent?: boolean;
}): Promise<{ t: TestApp; cookie: string; id: number; mediaId: number }> {
  const t = await startTestApp('sqlite');
  t.app.mediaJobs.start();
  await addUser(t.app, 'bench@example.de', 'vdi_admin');
  const cookie = await login(t, 'bench@example.de');
  const created = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'interview' } });
  const id = created.body.contentId as number;
  if (o.consent)
    await t.app.db
      .insertInto('consents')
      .values({ submission_id: id, kind: 'publication', text: 'bench', given_at: new Date().toISOString() })
      .execute();
  const media = await attachFile(t.app, {
    contentId: id,
    kind: 'video',
    body: readFileSync(o.source),
    originalName: 'quelle.mp4',
    contentType: 'video/mp4',
    extension: 'mp4',
  });
  await t.app.db
    .updateTable('media')
    .set({
      timing: JSON.stringify(o.timing),
      ...(o.captionsReady ? { caption_state: 'ready' } : {}),
      duration_ms: o.seconds * 1000,
      width: 1920,
      height: 1080,
    })
    .where('id', '=', media.id)
    .execute();
  return { t, cookie, id, mediaId: Number(media.id) };
}
