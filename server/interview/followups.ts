/**
 * Follow-up questions without a chat model: small German heuristics find something concrete in an
 * answer (what the person builds, an employer, a person, a place, a number) and turn it into a
 * question that quotes the words as spoken, with "ich/mein" turned into "Sie/Ihr". Every template
 * keeps the quoted phrase in the case it was spoken in, so the German stays correct.
 */
import { texts } from '../../common/texts';

const ask = texts.interview.followUps;

export type DetailKind = 'work' | 'employer' | 'person' | 'place' | 'number' | 'time';
export type Detail = { kind: DetailKind; key: string; question: string };

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}\-.']*|[.,;:!?–—]/gu;

const isCap = (w: string | undefined) => !!w && /^\p{Lu}/u.test(w);
const isWord = (w: string | undefined) => !!w && /^[\p{L}\p{N}]/u.test(w);
const clean = (w: string) => w.replace(/[.']+$/u, '');

/** First person to the polite second person, ending kept: meinem → Ihrem, unsere → Ihre. */
function polite(word: string): string {
  const m = /^(mein|unser)(e|em|en|er|es)?$/i.exec(word);
  if (m) return `Ihr${m[2] ?? ''}`;
  const map: Record<string, string> = { ich: 'Sie', mir: 'Ihnen', mich: 'sich', wir: 'Sie', uns: 'Ihnen' };
  return map[word.toLowerCase()] ?? word;
}

const articles = new Set(['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines']);
const possessive = /^(mein|unser)(e|em|en|er|es)?$/i;
/** Noun endings of abstract nouns: "in Teilzeit" is no place, nor is "in Zusammenarbeit". */
const abstract = /(ung|heit|keit|schaft|tion|ität|ismus|nis|tum|zeit|arbeit|ieren)$/i;
const notPlaces = new Set([
  'Zukunft',
  'Rente',
  'Elternzeit',
  'Deutsch',
  'Englisch',
  'Mathe',
  'Physik',
  'Chemie',
  'Informatik',
  'Maschinenbau',
  'Elektrotechnik',
  'Ruhe',
  'Summe',
  'Kürze',
  'Wahrheit',
  'Praxis',
  'Theorie',
  'Ordnung',
]);

/** People by role, with their gender for "Ihr/Ihre". */
const roles: Record<string, 'm' | 'f' | 'n' | 'p'> = {
  Vater: 'm',
  Mutter: 'f',
  Großvater: 'm',
  Großmutter: 'f',
  Opa: 'm',
  Oma: 'f',
  Onkel: 'm',
  Tante: 'f',
  Bruder: 'm',
  Schwester: 'f',
  Eltern: 'p',
  Lehrer: 'm',
  Lehrerin: 'f',
  Professor: 'm',
  Professorin: 'f',
  Chef: 'm',
  Chefin: 'f',
  Kollege: 'm',
  Kollegin: 'f',
  Kollegen: 'p',
  Kolleginnen: 'p',
  Mentor: 'm',
  Mentorin: 'f',
  Ausbilder: 'm',
  Ausbilderin: 'f',
  Meister: 'm',
  Meisterin: 'f',
  Freund: 'm',
  Freundin: 'f',
  Team: 'n',
  Betreuer: 'm',
  Betreuerin: 'f',
  Vorgesetzte: 'f',
  Vorgesetzter: 'm',
  Nachbar: 'm',
  Nachbarin: 'f',
};
/** Role nouns in the dative or accusative back to the nominative. */
const roleBase: Record<string, string> = {
  Kollegen: 'Kollege',
  Professorn: 'Professor',
  Nachbarn: 'Nachbar',
  Betreuern: 'Betreuer',
  Lehrern: 'Lehrer',
};

/** Work verbs in the first person ("ich entwickle") and their polite form ("Sie entwickeln"). */
const workVerbs = new Set([
  'entwickle',
  'baue',
  'leite',
  'plane',
  'konstruiere',
  'programmiere',
  'betreue',
  'teste',
  'berate',
  'koordiniere',
  'verantworte',
  'optimiere',
  'erforsche',
  'unterrichte',
  'repariere',
  'prüfe',
  'gestalte',
  'organisiere',
  'manage',
  'steuere',
  'simuliere',
  'berechne',
  'installiere',
  'warte',
  'konzipiere',
  'betreibe',
  'untersuche',
  'produziere',
  'fertige',
  'begleite',
  'führe',
]);
/** ich entwickle → entwickeln, ich baue → bauen, ich manage → managen. */
const toPolite = (verb: string) =>
  /[^e]le$/.test(verb) ? `${verb.slice(0, -2)}eln` : verb.endsWith('e') ? `${verb}n` : `${verb}en`;

const numberWords: Record<string, number> = {
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwölf: 12,
  fünfzehn: 15,
  zwanzig: 20,
  dreißig: 30,
  vierzig: 40,
  fünfzig: 50,
  hundert: 100,
  hunderte: 100,
  tausend: 1000,
  tausende: 1000,
};
/** Dative plural back to the form that follows "Sie haben … erwähnt". */
const unitBase: Record<string, string> = {
  Jahren: 'Jahre',
  Monaten: 'Monate',
  Tagen: 'Tage',
  Jahrzehnten: 'Jahrzehnte',
  Ländern: 'Länder',
  Projekten: 'Projekte',
  Leuten: 'Leute',
  Mitarbeitern: 'Mitarbeiter',
  Kilometern: 'Kilometer',
  Metern: 'Meter',
  Litern: 'Liter',
  Teilnehmern: 'Teilnehmer',
  Standorten: 'Standorte',
};
const timeUnits = new Set(['Jahre', 'Monate', 'Wochen', 'Tage', 'Stunden', 'Jahrzehnte']);

const clauseEnd = (w: string | undefined) =>
  !w ||
  /^[.,;:!?–—]$/.test(w) ||
  ['und', 'aber', 'weil', 'dass', 'oder', 'denn', 'sondern', 'wo', 'seit', 'als'].includes(w.toLowerCase());

/** One kind of detail at token i of an answer, or null. */
type Detector = (t: string[], i: number) => Detail | null;

/** "ich entwickle Getriebe für Windkraftanlagen" → "Sie entwickeln Getriebe für Windkraftanlagen." */
const workAt: Detector = (t, i) => {
  const lower = t[i]!.toLowerCase();
  const prev = t[i - 1]?.toLowerCase();
  if (!workVerbs.has(lower) || (prev !== 'ich' && prev !== 'und')) return null;
  const object: string[] = [];
  for (let j = i + 1; j < t.length && object.length < 8 && !clauseEnd(t[j]); j++) object.push(polite(clean(t[j]!)));
  if (!object.some((o) => isCap(o))) return null;
  const phrase = `${toPolite(lower)} ${object.join(' ')}`;
  return { kind: 'work', key: `work:${object.join(' ').toLowerCase()}`, question: ask.work(phrase) };
};

/** "bei Siemens", "bei der Firma Müller", "bei einem Windkraftunternehmen" */
const employerAt: Detector = (t, i) => {
  if (t[i]!.toLowerCase() !== 'bei') return null;
  const parts: string[] = [];
  let j = i + 1;
  if (articles.has(t[j]?.toLowerCase() ?? '') || possessive.test(t[j] ?? '')) parts.push(polite(t[j++]!));
  while (j < t.length && isCap(t[j]) && parts.length < 5) parts.push(clean(t[j++]!));
  const names = parts.filter((p) => isCap(p) && !/^Ihr/.test(p));
  if (!names.length || roles[names[0]!] || abstract.test(names[names.length - 1]!)) return null;
  return {
    kind: 'employer',
    key: `employer:${names.join(' ').toLowerCase()}`,
    question: ask.employer(`bei ${parts.join(' ')}`),
  };
};

/** "mit meinem Großvater", "meine Kollegin Anna" */
const relativeAt: Detector = (t, i) => {
  if (!possessive.test(t[i]!) || !isWord(t[i + 1])) return null;
  const noun = clean(t[i + 1]!);
  const base = roleBase[noun] ?? noun;
  const gender = roles[base] ?? roles[noun];
  if (!gender) return null;
  const own = gender === 'f' || gender === 'p' ? 'Ihre' : 'Ihr';
  const name = isCap(t[i + 2]) && !roles[clean(t[i + 2]!)] ? ` ${clean(t[i + 2]!)}` : '';
  const person = `${own} ${gender === 'p' ? noun : base}${name}`;
  return {
    kind: 'person',
    key: `person:${base.toLowerCase()}${name.toLowerCase()}`,
    question: ask.person(person, gender === 'p'),
  };
};

/** "Frau Müller", "Herrn Dr. Weber" */
const titledPersonAt: Detector = (t, i) => {
  const w = t[i]!;
  if ((w !== 'Frau' && w !== 'Herr' && w !== 'Herrn') || !isCap(t[i + 1])) return null;
  let name = clean(t[i + 1]!);
  if (/^(Dr|Prof)$/.test(name)) {
    if (!isCap(t[i + 2])) return null;
    name = `${name}. ${clean(t[i + 2]!)}`;
  }
  const title = w === 'Frau' ? 'Frau' : 'Herr';
  return { kind: 'person', key: `person:${name.toLowerCase()}`, question: ask.person(`${title} ${name}`, false) };
};

/** A word after "in", "aus", "nach" that can name a place (no abstract noun, subject, number). */
const isPlaceName = (place: string) =>
  !abstract.test(place) && !notPlaces.has(place) && !possessive.test(place) && !/^\d/.test(place) && place.length > 2;

/** "in Aachen", "aus Hamburg", "nach Stuttgart" (a name without article) */
const placeAt: Detector = (t, i) => {
  if (!['in', 'aus', 'nach'].includes(t[i]!.toLowerCase()) || !isCap(t[i + 1]) || articles.has(t[i + 1]!.toLowerCase()))
    return null;
  const place = clean(t[i + 1]!);
  if (!isPlaceName(place)) return null;
  const next = t[i + 2];
  const multi = isCap(next) && !/^[.,;:!?]/.test(next!) ? ` ${clean(next!)}` : '';
  return { kind: 'place', key: `place:${(place + multi).toLowerCase()}`, question: ask.place(`${place}${multi}`) };
};

/** "30 Prozent", "zwei Jahre lang", "seit 15 Jahren", "40 Kollegen"; a year on its own ("2019"). */
const quantityAt: Detector = (t, i) => {
  const w = t[i]!;
  const n = /^\d+([.,]\d+)?$/.test(w) ? Number(w.replace(',', '.')) : numberWords[w.toLowerCase()];
  const unit = t[i + 1] ? clean(t[i + 1]!) : undefined;
  const counted = !!unit && isCap(unit);
  if (n !== undefined && n >= 2 && counted) {
    const base = unitBase[unit] ?? unit;
    const phrase = `${w} ${base}`;
    const question = timeUnits.has(base) ? ask.duration(phrase) : ask.number(phrase);
    return { kind: timeUnits.has(base) ? 'time' : 'number', key: `number:${phrase.toLowerCase()}`, question };
  }
  if (/^(19|20)\d\d$/.test(w) && !counted) return { kind: 'time', key: `year:${w}`, question: ask.year(w) };
  return null;
};

/** Tried at every token, in this order (the first detail of a key is kept). */
const detectors: Detector[] = [workAt, employerAt, relativeAt, titledPersonAt, placeAt, quantityAt];

/** Concrete details in one answer, most specific first. */
export function findDetails(text: string): Detail[] {
  const t = text.match(TOKEN) ?? [];
  const found: Detail[] = [];
  for (let i = 0; i < t.length; i++) {
    for (const detect of detectors) {
      const d = detect(t, i);
      if (d && !found.some((f) => f.key === d.key)) found.push(d);
    }
  }
  const order: DetailKind[] = ['work', 'employer', 'person', 'number', 'place', 'time'];
  return found.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

/** What kind of detail a plan question asks for, so it is skipped once the answers hold it. */
export function asksFor(question: string): DetailKind[] {
  if (/^Wo\b/.test(question)) return ['place'];
  if (/^Wann wurde\b/.test(question)) return ['time'];
  if (/^Welche Zahlen\b/.test(question)) return ['number'];
  return [];
}
