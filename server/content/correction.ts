import type { Selectable } from 'kysely';
import { alignText } from '../../common/captions';
import { parseRole } from '../../common/roles';
import { writeAudit } from '../admin';
import { now } from '../db/database';
import type { MediaTable } from '../db/schema';
import type { CorrectionJob } from '../submissions';
import type { Editor, Submission } from '../tenants';
import { type ItemRow, itemsOf, parseItems, specOf } from './attach';
import { editItem } from './service';
import { mediaOf, type ServiceDeps } from './sources';
import { wordsIn, wordsOfRecording } from './timing';

/**
 * A correction reaches what is published (issue 39.1): after the transcript was corrected, every
 * current clip, audiogram and card whose words changed is made anew from the corrected words —
 * unless the contributor already approved it: what they approved stays what they saw, and the item
 * says that it predates the correction (spec.predatesCorrection). Proposals and the player's
 * captions read the corrected words anyway.
 */

type Media = Selectable<MediaTable>;

/** "Sie:", "Interviewer:" at the start of a transcript line (as common/captions drops them). */
const SPEAKER_LABEL = /^\s*[\p{L}][\p{L} .-]{0,30}:\s+/u;
const key = (word: string) => word.toLocaleLowerCase('de').replace(/[^\p{L}\p{N}]/gu, '');

function spokenTokens(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(SPEAKER_LABEL, ''))
    .join(' ')
    .split(/\s+/)
    .filter((w) => key(w));
}

/** Where the run `needle` starts in `hay`, or -1. */
function findRun(hay: string[], needle: string[]): number {
  if (needle.length === 0) return -1;
  for (let i = 0; i + needle.length <= hay.length; i++) if (needle.every((w, k) => hay[i + k] === w)) return i;
  return -1;
}

/**
 * A card's quote as the corrected transcript has it: the quote found in the old transcript, its
 * words carried over to the new one (the old words stand in for times). Null when the quote is
 * not from the transcript or its words did not change.
 */
export function correctedQuote(quote: string, before: string, after: string): string | null {
  const old = spokenTokens(before);
  const wanted = quote.split(/\s+/).map(key).filter(Boolean);
  const at = findRun(old.map(key), wanted);
  if (at < 0) return null;
  const aligned = alignText(
    old.map((text, i) => ({ start: i, end: i + 1, text })),
    after,
  );
  if (!aligned) return null;
  const words = aligned.filter((w) => (w.start + w.end) / 2 > at && (w.start + w.end) / 2 < at + wanted.length);
  if (words.map((w) => key(w.text)).join(' ') === wanted.join(' ')) return null;
  return words.length ? words.map((w) => w.text).join(' ') : null;
}

/** Whether the words of a clip's or audiogram's passage changed with the correction. */
function passageChanged(item: ItemRow, media: Media[], captions: CorrectionJob['captions']): boolean {
  const spec = specOf(item);
  const m = media.find((x) => Number(x.id) === spec.mediaId);
  if (!m || !(String(m.id) in captions) || spec.start == null || spec.end == null) return false;
  const text = (caption: string | null | undefined) =>
    wordsIn(wordsOfRecording({ timing: m.timing, caption_text: caption }), spec.start!, spec.end!)
      .map((w) => w.text)
      .join(' ');
  return text(captions[String(m.id)]) !== text(m.caption_text);
}

/** What changes in an item with the correction: null when nothing does. */
function changesOf(
  item: ItemRow,
  media: Media[],
  job: CorrectionJob,
  transcript: string,
): Record<string, unknown> | null {
  if (item.kind === 'card') {
    const old = specOf(item).quote ?? '';
    const quote = correctedQuote(old, job.before, transcript);
    if (!quote) return null;
    // A written alt text stays; the one made from the quote follows it.
    return item.alt.includes(old) ? { quote } : { quote, alt: item.alt };
  }
  if (!passageChanged(item, media, job.captions)) return null;
  return /„.*“/.test(item.alt) ? {} : { alt: item.alt };
}

/** The items every post approved by the contributor carries. */
async function approvedItems(deps: ServiceDeps, contentId: number): Promise<Set<number>> {
  const rows = await deps.db
    .selectFrom('post_approvals')
    .innerJoin('post_versions', 'post_versions.id', 'post_approvals.version_id')
    .select('post_versions.items')
    .where('post_approvals.submission_id', '=', contentId)
    .where('post_approvals.state', '=', 'approved')
    .execute();
  return new Set(rows.flatMap((r) => parseItems(r.items).map((i) => i.itemId)));
}

/** The editor who made an item acts for the re-make (an automatic follow-up has no one else). */
async function makerOf(deps: ServiceDeps, item: ItemRow): Promise<Editor> {
  const user = await deps.db
    .selectFrom('user')
    .select(['email', 'name', 'role'])
    .where('id', '=', item.created_by)
    .executeTakeFirst();
  return {
    id: item.created_by,
    email: user?.email ?? '',
    name: user?.name ?? '',
    role: parseRole(user?.role),
    scope: null,
  };
}

/** Items shown now: not replaced by a newer one, not failed or cancelled. */
function currentItems(items: ItemRow[]): ItemRow[] {
  const replaced = new Set(
    items
      .map((i) => i.replaces_id)
      .filter((id) => id != null)
      .map(Number),
  );
  return items.filter((i) => !replaced.has(Number(i.id)) && (i.state === 'ready' || i.state === 'rendering'));
}

async function markPredates(deps: ServiceDeps, item: ItemRow, at: string): Promise<void> {
  const spec = { ...specOf(item), predatesCorrection: at };
  await deps.db
    .updateTable('content_items')
    .set({ spec: JSON.stringify(spec) })
    .where('id', '=', item.id)
    .execute();
}

/** The job: re-makes the changed items not yet approved, marks the approved ones. */
export async function followCorrection(
  deps: ServiceDeps,
  job: CorrectionJob,
): Promise<{ remade: number[]; kept: number[] }> {
  const row: Submission | undefined = await deps.db
    .selectFrom('submissions')
    .selectAll()
    .where('id', '=', job.contentId)
    .executeTakeFirst();
  const done = { remade: [] as number[], kept: [] as number[] };
  if (!row) return done;
  const [items, media, approved] = await Promise.all([
    itemsOf(deps.db, row.id),
    mediaOf(deps, row.id),
    approvedItems(deps, row.id),
  ]);
  const at = now();
  for (const item of currentItems(items)) {
    const changes = changesOf(item, media, job, row.transcript ?? '');
    if (!changes) continue;
    if (approved.has(Number(item.id))) {
      await markPredates(deps, item, at);
      done.kept.push(Number(item.id));
      continue;
    }
    const made = await editItem(deps, await makerOf(deps, item), row, Number(item.id), changes);
    done.remade.push(made.id);
  }
  if (done.remade.length || done.kept.length)
    await writeAudit(deps.db, null, {
      action: 'content.correction',
      target: `submission:${row.id}`,
      tenant: row.tenant,
      detail: done,
    });
  return done;
}
