import type { Kysely } from 'kysely';
import { tenantKeys } from '../../common/tenants';
import type { Dialect } from '../../server/db/database';
import type { DB } from '../../server/db/schema';

const USERS = 400;
const DAY = 86_400_000;

/** A small deterministic generator, so both databases get the same data. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = <T>(r: () => number, items: readonly T[]) => items[Math.floor(r() * items.length)]!;
/** Zipf-like: the first items far more often than the last. */
const skewed = <T>(r: () => number, items: readonly T[]) => items[Math.floor(r() ** 2.5 * items.length)]!;

// Vocabulary of engineering interviews. Compounds of two stems give tens of thousands of rare words.
const stems = [
  'Wasser',
  'Wind',
  'Strom',
  'Stahl',
  'Beton',
  'Brücken',
  'Motor',
  'Getriebe',
  'Sensor',
  'Mess',
  'Prüf',
  'Labor',
  'Werk',
  'Kunden',
  'Energie',
  'Wärme',
  'Kälte',
  'Druck',
  'Licht',
  'Daten',
  'Netz',
  'Fahrzeug',
  'Schienen',
  'Flug',
  'Schiffs',
  'Bau',
  'Last',
  'Leicht',
  'Kunststoff',
  'Glas',
  'Holz',
  'Roboter',
  'Steuer',
  'Regel',
  'Sicherheits',
  'Qualitäts',
  'Serien',
  'Entwicklungs',
  'Forschungs',
  'Ausbildungs',
  'Material',
  'Oberflächen',
  'Schweiß',
  'Fräs',
  'Guss',
  'Löt',
  'Akku',
  'Solar',
  'Wasserstoff',
  'Batterie',
  'Kabel',
  'Pumpen',
  'Ventil',
  'Turbinen',
  'Lager',
  'Rohr',
  'Träger',
];
const heads = [
  'prüfung',
  'anlage',
  'technik',
  'system',
  'messung',
  'versuch',
  'modell',
  'konzept',
  'leitung',
  'halle',
  'stand',
  'kanal',
  'bauteil',
  'gruppe',
  'planung',
  'fertigung',
  'montage',
  'steuerung',
  'analyse',
  'simulation',
  'norm',
  'werkstatt',
  'team',
  'projekt',
  'kosten',
  'speicher',
];
const nouns = [
  'Projekt',
  'Team',
  'Kunde',
  'Anlage',
  'Lösung',
  'Idee',
  'Aufgabe',
  'Prototyp',
  'Versuch',
  'Ergebnis',
  'Herausforderung',
  'Werkstoff',
  'Maschine',
  'Kollegin',
  'Kollege',
  'Abteilung',
  'Firma',
  'Hochschule',
  'Ausbildung',
  'Studium',
  'Praktikum',
  'Messung',
  'Norm',
  'Zeichnung',
  'Software',
  'Schnittstelle',
  'Baustelle',
  'Produktion',
  'Qualität',
  'Sicherheit',
  'Nachhaltigkeit',
  'Effizienz',
  'Genauigkeit',
  'Geschwindigkeit',
  'Zukunft',
];
const verbs = [
  'entwickeln',
  'prüfen',
  'bauen',
  'messen',
  'planen',
  'optimieren',
  'testen',
  'konstruieren',
  'berechnen',
  'verbessern',
  'montieren',
  'simulieren',
  'dokumentieren',
  'begleiten',
  'erklären',
  'zeigen',
  'lernen',
  'verstehen',
  'diskutieren',
  'vorstellen',
];
const adjectives = [
  'neue',
  'große',
  'kleine',
  'schnelle',
  'genaue',
  'leichte',
  'robuste',
  'digitale',
  'nachhaltige',
  'spannende',
  'schwierige',
  'erste',
  'letzte',
];
const fillers = [
  'eigentlich',
  'natürlich',
  'ehrlich gesagt',
  'im Grunde',
  'zum Beispiel',
  'ganz konkret',
  'übrigens',
  'tatsächlich',
  'vor allem',
];
const questions = [
  'Woran arbeiten Sie gerade?',
  'Was war die größte Herausforderung?',
  'Wie sind Sie zu diesem Beruf gekommen?',
  'Was macht Ihr Team besonders?',
  'Welche Rolle spielt Nachhaltigkeit in Ihrem Projekt?',
  'Was würden Sie jungen Ingenieurinnen und Ingenieuren raten?',
  'Wie sieht ein typischer Arbeitstag aus?',
];

/** The rare word of the benchmark: in about one transcript of 2,000. */
export const RARE_WORD = 'Kryostat';
/** The common word: in most transcripts. */
export const COMMON_WORD = 'Projekt';

/** A German interview transcript of 2–3 KB, different in every submission. */
export function transcript(r: () => number, i: number): string {
  const target = 2048 + Math.floor(r() * 1024);
  const parts: string[] = [];
  let length = 0;
  while (length < target) {
    const q = `Interviewer: ${pick(r, questions)}`;
    const sentences: string[] = [];
    for (let n = 1 + Math.floor(r() * 4); n > 0; n--) {
      const compound = `${skewed(r, stems)}${pick(r, heads)}`;
      const form = r();
      sentences.push(
        form < 0.33
          ? `Wir ${skewed(r, verbs)} ${pick(r, fillers)} die ${pick(r, adjectives)} ${compound} für unser ${skewed(r, nouns)}.`
          : form < 0.66
            ? `Die ${compound} im ${skewed(r, nouns)} ${i % 97} war ${pick(r, fillers)} eine ${pick(r, adjectives)} ${skewed(r, nouns)}.`
            : `Mit dem ${skewed(r, nouns)} und der ${compound} konnten wir ${pick(r, fillers)} ${skewed(r, verbs)}.`,
      );
    }
    const a = `Du: ${sentences.join(' ')}`;
    parts.push(q, a);
    length += q.length + a.length + 4;
  }
  if (r() < 0.0005) parts.push(`Du: Am Ende haben wir den ${RARE_WORD} im Labor ${i} getestet.`);
  return parts.join('\n\n');
}

/**
 * Submissions spread over two years and 400 users, half with a 2–3 KB transcript, and their media
 * rows; multi-row inserts inside transactions.
 */
export async function seed(db: Kysely<DB>, dialect: Dialect, SUBMISSIONS: number, MEDIA: number): Promise<void> {
  const r = random(42);
  const kinds = ['interview', 'voice', 'upload', 'description', 'document'] as const;
  const statuses = ['neu', 'in_bearbeitung', 'verwendet', 'verworfen'] as const;
  const mediaKinds = ['photo', 'video', 'document', 'audio'] as const;
  const start = Date.now() - 730 * DAY;
  const batch = dialect === 'sqlite' ? 500 : 1000;
  const perTransaction = 10;

  // Submissions in creation order, so ids rise with created_at as in real use.
  const step = (730 * DAY) / SUBMISSIONS;
  for (let outer = 0; outer < SUBMISSIONS; outer += batch * perTransaction) {
    await db.transaction().execute(async (trx) => {
      for (let first = outer; first < Math.min(outer + batch * perTransaction, SUBMISSIONS); first += batch) {
        const rows = [];
        for (let i = first; i < Math.min(first + batch, SUBMISSIONS); i++) {
          const created = new Date(start + i * step + r() * step).toISOString();
          const anonymous = r() < 0.1;
          const user = Math.floor(r() * USERS);
          const kind = pick(r, kinds);
          const spoken = kind === 'interview' || kind === 'voice' || r() < 0.1;
          rows.push({
            tenant: anonymous ? 'vdi' : tenantKeys[user % tenantKeys.length]!,
            kind,
            status: pick(r, statuses),
            topic: null,
            source: null,
            user_id: anonymous ? null : `user-${user}`,
            user_email: anonymous ? null : `nutzer${user}@example.de`,
            access_token_hash: null,
            created_at: created,
            updated_at: created,
            completed_at: r() < 0.7 ? created : null,
            transcript: spoken ? transcript(r, i) : null,
            w_answers: null,
            contact_first_name: r() < 0.5 ? `Vorname${i % 977}` : null,
            contact_last_name: r() < 0.5 ? `Nachname${i % 1733}` : null,
            contact_email: null,
            post_email: null,
            post_link: null,
            post_description: null,
          });
        }
        await trx.insertInto('submissions').values(rows).execute();
      }
    });
  }

  const perSubmission = MEDIA / SUBMISSIONS;
  const mediaBatch = dialect === 'sqlite' ? 1000 : 2000;
  for (let outer = 0; outer < MEDIA; outer += mediaBatch * perTransaction) {
    await db.transaction().execute(async (trx) => {
      for (let first = outer; first < Math.min(outer + mediaBatch * perTransaction, MEDIA); first += mediaBatch) {
        const rows = [];
        for (let i = first; i < Math.min(first + mediaBatch, MEDIA); i++) {
          const submission = Math.floor(i / perSubmission) + 1;
          const kind = pick(r, mediaKinds);
          rows.push({
            submission_id: submission,
            kind,
            file_path: `${submission}/${i}_seed.bin`,
            file_type:
              kind === 'photo'
                ? 'image/jpeg'
                : kind === 'video'
                  ? 'video/mp4'
                  : kind === 'audio'
                    ? 'audio/webm'
                    : 'application/pdf',
            size: Math.floor(r() * 5_000_000),
            original_name: `datei-${i}.bin`,
            thumbnail_path: null,
            created_at: new Date(start + (submission - 1) * step + step).toISOString(),
          });
        }
        await trx.insertInto('media').values(rows).execute();
      }
    });
  }
}

/**
 * Posts with approval requests for one submission in 50 (2,000 at 100,000): most approved, some
 * pending, a few asking for changes, some withdrawn and sent again, so the approval filter has
 * realistic, small sets to find.
 */
export async function seedApprovals(db: Kysely<DB>, SUBMISSIONS: number): Promise<void> {
  const r = random(7);
  const states = ['approved', 'approved', 'approved', 'pending', 'changes'] as const;
  const at = new Date().toISOString();
  for (let first = 1; first <= SUBMISSIONS; first += 50 * 200) {
    await db.transaction().execute(async (trx) => {
      for (let id = first; id < Math.min(first + 50 * 200, SUBMISSIONS + 1); id += 50) {
        const [post] = await trx
          .insertInto('posts')
          .values({ submission_id: id, channel: 'linkedin', created_at: at })
          .returning('id')
          .execute();
        const [version] = await trx
          .insertInto('post_versions')
          .values({
            post_id: post!.id,
            number: 1,
            body: 'Beitrag',
            images: '[]',
            source: 'editor',
            author_id: 'bench',
            author_email: 'bench@example.de',
            created_at: at,
          })
          .returning('id')
          .execute();
        const base = {
          post_id: post!.id,
          submission_id: id,
          version_id: version!.id,
          email: 'kontakt@example.de',
          sent_by_id: 'bench',
          sent_by_email: 'bench@example.de',
          created_at: at,
          expires_at: at,
        };
        const resent = r() < 0.2;
        if (resent)
          await trx
            .insertInto('post_approvals')
            .values({ ...base, token_hash: `w${id}`, withdrawn_at: at, state: 'pending' })
            .execute();
        await trx
          .insertInto('post_approvals')
          .values({ ...base, token_hash: `t${id}`, state: pick(r, states) })
          .execute();
      }
    });
  }
}
