/**
 * A correction re-renders what is not yet approved (issue 39.1): the transcriber heard "Tim" where
 * "Team" was said; after the editor's correction the clip not yet approved is made anew and its
 * burned-in captions, read back with OCR (tesseract, German), show "Team"; a card not yet approved
 * takes the corrected quote; the card the contributor approved stays as it was, in its post, and
 * says it predates the correction.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveVersion as saveVersionInput } from '../../common/schemas/post';
import { decide, sendForApproval } from '../post/approval';
import { saveVersion, swapItem } from '../post/service';
import { latestVersion, findPost } from '../post/queries';
import { attachFile } from '../submissions/files';
import { createSubmission } from '../submissions/service';
import { CORRECTION_JOB, correctionJob, saveTranscript } from '../submissions/transcripts';
import type { Editor } from '../tenants';
import { dialects, lastMailTo } from '../testing/harness';
import { startServices, type TestServices } from '../testing/services';
import { parseItems, specOf } from './attach';
import { followCorrection } from './correction';
import { RENDER_JOB, renderItem, renderJob } from './render';
import { createCard, createClip, findItem } from './service';
import { toBuffer } from './sources';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'ca-correction-'));
const said = 'Heute leite ich ein Team von zwölf Leuten.';
const heard = 'Heute leite ich ein Tim von zwölf Leuten.';

async function ocr(png: Buffer, name: string): Promise<string> {
  const file = path.join(dir, `${name}.png`);
  const grey = sharp(png).greyscale().normalise();
  const { channels } = await grey.clone().stats();
  await (channels[0]!.mean < 128 ? grey.negate({ alpha: false }) : grey).toFile(file);
  const { stdout } = await run('tesseract', [file, '-', '-l', 'deu', '--psm', '6'], { encoding: 'utf8' });
  return stdout.replace(/\s+/g, ' ').trim();
}

describe.each(dialects)('a correction re-renders what is not yet approved, on %s', (dialect) => {
  let s: TestServices;
  let editor: Editor;
  let contentId = 0;
  let video = 0;
  let seconds = 0;

  beforeAll(async () => {
    s = await startServices(dialect);
    s.deps.mediaJobs.register(RENDER_JOB, renderJob, (ctx) => renderItem(s.deps, ctx));
    s.deps.mediaJobs.start();
    s.deps.jobs.register(CORRECTION_JOB, correctionJob, (job) => followCorrection(s.deps, job.payload));
    s.deps.itemReplaced.add(swapItem);
    editor = { ...(await s.user(`correction-${dialect}@test.example`, 'vdi_admin')), scope: null };
    const speech = path.join(dir, `speech-${dialect}.wav`);
    execFileSync('espeak-ng', ['-v', 'de', '-s', '150', '-w', speech, said]);
    seconds = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', speech], {
        encoding: 'utf8',
      }),
    );
    const source = path.join(dir, `answer-${dialect}.mp4`);
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `color=c=0x404040:s=1280x720:r=10:d=${seconds}`, '-i', speech],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', '-y', source],
    ]);
    ({ contentId } = await createSubmission(s.deps.db, { tenant: 'vdi', kind: 'interview' }, { user: editor }));
    await s.deps.db
      .updateTable('submissions')
      .set({ transcript: `Sie: ${heard}`, contact_first_name: 'Erika', contact_email: 'erika@test.example' })
      .where('id', '=', contentId)
      .execute();
    for (const kind of ['publication', 'naming', 'video_rights'] as const)
      await s.deps.db
        .insertInto('consents')
        .values({ submission_id: contentId, kind, text: kind, given_at: new Date().toISOString() })
        .execute();
    const media = await attachFile(s.deps, {
      contentId,
      kind: 'video',
      body: readFileSync(source),
      originalName: 'antwort.mp4',
      contentType: 'video/mp4',
      extension: 'mp4',
    });
    video = Number(media.id);
    const timing = { text: heard, segments: [{ start: 0.1, end: seconds - 0.1, text: heard }] };
    await s.deps.db
      .updateTable('media')
      .set({
        timing: JSON.stringify(timing),
        caption_state: 'ready',
        caption_text: heard,
        duration_ms: Math.round(seconds * 1000),
        width: 1280,
        height: 720,
      })
      .where('id', '=', video)
      .execute();
  }, 60_000);
  afterAll(() => s?.close());

  const row = () =>
    s.deps.db.selectFrom('submissions').selectAll().where('id', '=', contentId).executeTakeFirstOrThrow();
  async function rendered(itemId: number): Promise<string> {
    for (let i = 0; i < 900; i++) {
      const item = await findItem(s.deps, await row(), itemId);
      if (item.state !== 'rendering') {
        expect(item.state).toBe('ready');
        const file = path.join(dir, `item-${dialect}-${itemId}.mp4`);
        writeFileSync(file, await toBuffer(await s.deps.blobs.get(item.file_key!)));
        return file;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('render did not finish');
  }
  /** The caption area of the clip's middle frame, read back. */
  async function captionsOf(file: string, name: string): Promise<string> {
    const frame = execFileSync('ffmpeg', [
      ...['-v', 'error', '-ss', (seconds / 2).toFixed(2), '-i', file, '-frames:v', '1'],
      ...['-f', 'image2pipe', '-vcodec', 'png', '-'],
    ]);
    const area = await sharp(frame).extract({ left: 0, top: 540, width: 1080, height: 540 }).png().toBuffer();
    return ocr(area, name);
  }

  it('re-renders the clip and the card not yet approved with "Team"; the approved card stays', async () => {
    const clip = await createClip(s.deps, editor, await row(), {
      mediaId: video,
      start: 0,
      end: seconds,
      format: '1:1',
      cropX: 0.5,
      cropY: 0.5,
      photoMediaId: null,
      showName: false,
      hook: null,
      captionStyle: 'plain',
    });
    const before = await captionsOf(await rendered(clip.id), `before-${dialect}`);
    expect(before).toMatch(/Tim\b/);
    const card = {
      format: '4:5' as const,
      quote: heard,
      showName: false,
      photoMediaId: null,
      layout: 'quote' as const,
    };
    const open = await createCard(s.deps, editor, await row(), card);
    const approved = await createCard(s.deps, editor, await row(), card);
    // The contributor approves a post with the second card.
    await saveVersion(
      s.deps,
      editor,
      await row(),
      'linkedin',
      saveVersionInput.parse({ body: 'Erika leitet ein Team.', items: [{ itemId: approved.id, alt: approved.alt }] }),
    );
    await sendForApproval(s.deps, editor, await row(), 'linkedin');
    const token = /\/freigabe\/([A-Za-z0-9_-]{40,})/.exec(
      (await lastMailTo(s.deps.db, 'erika@test.example')).body,
    )![1]!;
    await decide(s.deps, token, { decision: 'approved' });

    // The editor corrects the transcript.
    await saveTranscript(s.deps, contentId, `Sie: ${said}`);
    expect(await s.deps.jobs.drain()).toBeGreaterThanOrEqual(1);

    const items = await s.deps.db
      .selectFrom('content_items')
      .selectAll()
      .where('submission_id', '=', contentId)
      .orderBy('id')
      .execute();
    const successor = (id: number) => items.find((i) => Number(i.replaces_id) === id);
    // The clip not yet approved is made anew and its captions show the corrected word.
    const newClip = successor(clip.id)!;
    expect(newClip.kind).toBe('clip');
    expect(newClip.alt).toContain('Team');
    const after = await captionsOf(await rendered(Number(newClip.id)), `after-${dialect}`);
    expect(after).toMatch(/Team\b/);
    expect(after).not.toMatch(/Tim\b/);
    // The open card takes the corrected quote.
    const newCard = successor(open.id)!;
    expect(specOf(newCard).quote).toBe(said);
    expect(newCard.alt).toContain('Team');
    // The approved card is not touched: no successor, the post still carries it, marked as older.
    expect(successor(approved.id)).toBeUndefined();
    const kept = await findItem(s.deps, await row(), approved.id);
    expect(specOf(kept).quote).toBe(heard);
    expect(kept.file_key).toBe(
      (
        await s.deps.db
          .selectFrom('content_items')
          .select('file_key')
          .where('id', '=', approved.id)
          .executeTakeFirstOrThrow()
      ).file_key,
    );
    expect(specOf(kept).predatesCorrection).toBeTruthy();
    const post = (await findPost(s.deps.db, contentId, 'linkedin'))!;
    expect(parseItems((await latestVersion(s.deps.db, post.id))!.items).map((i) => i.itemId)).toEqual([approved.id]);
  }, 240_000);
});
