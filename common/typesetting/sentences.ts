/**
 * Where German sentences end: at . ! ? … (with closing quotes or brackets after them), but not
 * after an abbreviation (Dr., Prof., z. B., bzw., usw., ca., Nr., St., Dipl.-Ing.), an initial
 * (Klaus M.) or an ordinal or date ("am 3. Mai").
 */

const ENDING = /[.!?…]["'»«“”‘’)\]]*$/;

const ABBREVIATIONS = new Set(
  [
    'dr',
    'prof',
    'z',
    'b',
    'zb',
    'bzw',
    'usw',
    'ca',
    'nr',
    'st',
    'dipl',
    'ing',
    'dipl-ing',
    'dr-ing',
    'hr',
    'fr',
    'hrn',
    'ggf',
    'u',
    'a',
    'ua',
    'd',
    'h',
    'dh',
    'vgl',
    'evtl',
    'inkl',
    'exkl',
    'mio',
    'mrd',
    'tel',
    'str',
    'abs',
    'bspw',
    'sog',
    'bzgl',
    'ggü',
    'jh',
    'jhd',
    'max',
    'min',
    'mind',
    'o',
    'ä',
    'oä',
    'u.a',
    's',
    'allg',
    'zzgl',
    'zt',
    't',
    'v',
    'chr',
    'geb',
    'gest',
    'verh',
    'kath',
    'ev',
    'mag',
    'med',
    'phil',
    'rer',
    'nat',
    'jur',
    'techn',
    'dipl.-ing',
    'betr',
    'bzw',
    'etc',
    'co',
    'mr',
    'mrs',
    'ms',
    'inh',
    'stv',
    'kfm',
    'kffr',
    'eidg',
    'sen',
    'jun',
  ].map((a) => a.replace(/\./g, '')),
);

/** "Dr." and friends: the letters of the word before its final full stop are a known abbreviation. */
export function isAbbreviation(word: string): boolean {
  if (!/\.$/.test(word)) return false;
  const core = word
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/\.$/, '')
    .toLocaleLowerCase('de');
  if (ABBREVIATIONS.has(core.replace(/\./g, ''))) return true;
  // z.B. d.h. u.a. written together, or any run of single letters with full stops.
  if (/^(\p{L}\.)+\p{L}$/u.test(core)) return true;
  // An initial: "M." in "Klaus M.".
  return /^\p{Lu}$/u.test(core);
}

/** Whether the word at `i` ends its sentence (the word after it decides for ordinals and dates). */
export function endsSentence(words: readonly string[], i: number): boolean {
  const word = words[i]!;
  if (!ENDING.test(word)) return false;
  if (/[!?…]["'»«“”‘’)\]]*$/.test(word)) return true;
  if (!/\.$/.test(word)) return true; // ."  .“  .) : a quoted sentence ends
  const next = words[i + 1];
  if (next === undefined) return true;
  if (isAbbreviation(word)) return false;
  // 3. Mai, am 1. Januar, der 2. Platz: an ordinal followed by a word goes on.
  if (/^\d{1,3}\.$/.test(word.replace(/^[^\p{N}]+/u, ''))) return false;
  // A new sentence starts with a capital, a digit or a quote; "ca. 40" was handled above.
  return /^[\p{Lu}\p{N}„“"»«‚(]/u.test(next) || !/^\p{Ll}/u.test(next);
}

/** The indices of the words that end a sentence. */
export function sentenceEnds(words: readonly string[]): boolean[] {
  return words.map((_, i) => endsSentence(words, i));
}

/** A text's sentences, each as its words (abbreviations and ordinals kept inside). */
export function splitSentences(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let current: string[] = [];
  words.forEach((w, i) => {
    current.push(w);
    if (endsSentence(words, i)) {
      out.push(current.join(' '));
      current = [];
    }
  });
  if (current.length) out.push(current.join(' '));
  return out;
}
