import type { Kysely } from 'kysely';
import { tenantKeys } from '../../common/tenants';
import type { Dialect } from '../../server/db/database';
import type { DB } from '../../server/db/schema';

const USERS = 400;
const DAY = 86_400_000;

/** A small deterministic generator, so both databases get the same data. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = <T>(r: () => number, items: readonly T[]) => items[Math.floor(r() * items.length)]!;

/** Submissions spread over two years and 400 users, and their media rows, in multi-row inserts. */
export async function seed(db: Kysely<DB>, dialect: Dialect, SUBMISSIONS: number, MEDIA: number): Promise<void> {
  const r = random(42);
  const kinds = ['interview', 'voice', 'upload', 'description', 'document'] as const;
  const statuses = ['neu', 'in_bearbeitung', 'verwendet', 'verworfen'] as const;
  const mediaKinds = ['photo', 'video', 'document', 'audio'] as const;
  const start = Date.now() - 730 * DAY;
  const batch = dialect === 'sqlite' ? 1000 : 2000;

  // Submissions in creation order, so ids rise with created_at as in real use.
  const step = (730 * DAY) / SUBMISSIONS;
  for (let first = 0; first < SUBMISSIONS; first += batch) {
    const rows = [];
    for (let i = first; i < Math.min(first + batch, SUBMISSIONS); i++) {
      const created = new Date(start + i * step + r() * step).toISOString();
      const anonymous = r() < 0.1;
      const user = Math.floor(r() * USERS);
      rows.push({
        tenant: anonymous ? 'vdi' : tenantKeys[user % tenantKeys.length]!,
        kind: pick(r, kinds),
        status: pick(r, statuses),
        topic: null,
        source: null,
        user_id: anonymous ? null : `user-${user}`,
        user_email: anonymous ? null : `nutzer${user}@example.de`,
        access_token_hash: null,
        created_at: created,
        updated_at: created,
        completed_at: r() < 0.7 ? created : null,
        transcript: r() < 0.5 ? `Interviewer: Woran arbeiten Sie?\n\nDu: An Projekt ${i} mit Team ${user}.` : null,
        w_answers: null,
        contact_first_name: r() < 0.5 ? `Vorname${i % 977}` : null,
        contact_last_name: r() < 0.5 ? `Nachname${i % 1733}` : null,
        contact_email: null,
        post_email: null,
        post_link: null,
        post_description: null,
      });
    }
    await db.insertInto('submissions').values(rows).execute();
  }

  const perSubmission = MEDIA / SUBMISSIONS;
  for (let first = 0; first < MEDIA; first += batch) {
    const rows = [];
    for (let i = first; i < Math.min(first + batch, MEDIA); i++) {
      const submission = Math.floor(i / perSubmission) + 1;
      const kind = pick(r, mediaKinds);
      rows.push({
        submission_id: submission,
        kind,
        file_path: `${submission}/${i}_seed.bin`,
        file_type: kind === 'photo' ? 'image/jpeg' : kind === 'video' ? 'video/mp4' : kind === 'audio' ? 'audio/webm' : 'application/pdf',
        size: Math.floor(r() * 5_000_000),
        original_name: `datei-${i}.bin`,
        thumbnail_path: null,
        created_at: new Date(start + (submission - 1) * step + step).toISOString(),
      });
    }
    await db.insertInto('media').values(rows).execute();
  }
}

