import type { Verdict } from './turns';

/**
 * Is the last clause of what was said finished? German heuristics on a transcript (whisper gives
 * punctuation, but it often puts a full stop after a clause that stops mid-sentence, so the words
 * decide): a clause ending in a conjunction, article, preposition or filler is not finished, nor is
 * a subordinate clause still missing its verb at the end.
 */

/** Words after which a German clause cannot end. */
const openEnds = new Set([
  // conjunctions
  'und',
  'oder',
  'aber',
  'sondern',
  'denn',
  'weil',
  'dass',
  'daß',
  'wenn',
  'als',
  'ob',
  'obwohl',
  'damit',
  'sodass',
  'bevor',
  'nachdem',
  'während',
  'falls',
  'sobald',
  'seit',
  'seitdem',
  'bis',
  'indem',
  'weshalb',
  'weswegen',
  'wobei',
  'sowie',
  'sowohl',
  'weder',
  'entweder',
  'also',
  'beziehungsweise',
  'bzw',
  'nämlich',
  'sowieso',
  'trotzdem',
  'deshalb',
  'deswegen',
  'darum',
  'dann',
  // fillers
  'äh',
  'ähm',
  'öhm',
  'ehm',
  'em',
  'hm',
  'hmm',
  'äähm',
  'ähhm',
  'mh',
  // articles and possessives
  'der',
  'die',
  'das',
  'den',
  'dem',
  'des',
  'ein',
  'eine',
  'einen',
  'einem',
  'einer',
  'eines',
  'kein',
  'keine',
  'keinen',
  'keinem',
  'keiner',
  'mein',
  'meine',
  'meinen',
  'meinem',
  'meiner',
  'meines',
  'unser',
  'unsere',
  'unseren',
  'unserem',
  'unserer',
  'dieser',
  'diese',
  'diesen',
  'diesem',
  // prepositions
  'in',
  'im',
  'an',
  'am',
  'auf',
  'bei',
  'beim',
  'mit',
  'nach',
  'von',
  'vom',
  'zu',
  'zum',
  'zur',
  'für',
  'über',
  'unter',
  'vor',
  'durch',
  'gegen',
  'ohne',
  'um',
  'aus',
  'zwischen',
  'neben',
  'hinter',
  'wegen',
  'trotz',
  'ins',
  'ans',
  'aufs',
  // words that lead into more
  'sehr',
  'so',
  'ganz',
  'besonders',
  'wie',
  'zum beispiel',
  'quasi',
  'sozusagen',
  'irgendwie',
  'eigentlich',
]);

/** Conjunctions that open a subordinate clause: German puts its verb last. */
const subordinators = new Set([
  'weil',
  'dass',
  'daß',
  'wenn',
  'ob',
  'obwohl',
  'damit',
  'sodass',
  'bevor',
  'nachdem',
  'falls',
  'sobald',
  'indem',
  'seitdem',
]);

/** Subordinators that are also adverbs opening a main clause, whose verb then comes second. */
const adverbsToo = new Set(['seitdem', 'damit', 'bevor', 'nachdem', 'indem', 'sodass', 'falls']);
/** Words that follow a subordinator as the subject or an article, never as the verb. */
const notVerbs = new Set([
  'ich',
  'du',
  'er',
  'sie',
  'es',
  'wir',
  'ihr',
  'man',
  'mich',
  'mir',
  'uns',
  'euch',
  'ihn',
  'ihm',
  'ihnen',
  'sich',
  'die',
  'der',
  'das',
  'den',
  'dem',
  'des',
  'ein',
  'eine',
  'einen',
  'einem',
  'einer',
  'mein',
  'meine',
  'unser',
  'unsere',
  'dieser',
  'diese',
  'alle',
  'alles',
  'nicht',
  'auch',
  'noch',
  'schon',
  'dann',
  'wieder',
  'jetzt',
]);

function isFiniteVerbSecond(word: string): boolean {
  const w = word.toLowerCase();
  return !/^\p{Lu}/u.test(word) && !notVerbs.has(w) && looksLikeVerb(word);
}

/** Finite verbs common at the end of a subordinate clause that do not end in -en/-t/-e. */
const shortVerbs = new Set([
  'ist',
  'bin',
  'war',
  'hat',
  'kann',
  'muss',
  'will',
  'soll',
  'darf',
  'mag',
  'weiß',
  'gab',
  'kam',
  'ging',
  'sah',
  'fand',
  'las',
  'tat',
  'lag',
  'stand',
  'saß',
  'bot',
  'hielt',
  'blieb',
  'schrieb',
  'trieb',
  'fiel',
  'lief',
  'rief',
  'hieß',
  'ließ',
  'half',
  'traf',
  'warf',
  'nahm',
  'gewann',
  'begann',
  'sprach',
]);

const WORD = /[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu;

/** Articles and determiners that are never a pronoun at a clause's end: what follows them needs its noun. */
const nounOpeners = new Set([
  'ein',
  'einen',
  'einem',
  'einer',
  'eines',
  'dem',
  'den',
  'des',
  'jeden',
  'jedem',
  'jedes',
  'keinen',
  'keinem',
  'meinen',
  'meinem',
  'unseren',
  'unserem',
  'diesen',
  'diesem',
  'dieses',
]);

/** "auf einem eigenen": an inflected adjective after an article, still waiting for its noun. */
function nounPhraseOpen(words: string[]): boolean {
  const last = words[words.length - 1]!;
  const before = words[words.length - 2]?.toLowerCase();
  return before !== undefined && nounOpeners.has(before) && /^\p{Ll}+(en|em|er|es)$/u.test(last);
}

export function judgeWords(text: string): Verdict {
  const trimmed = text.trim();
  if (!trimmed) return 'unknown';
  if (/(\.\.\.|…|[-–—,;:])\s*$/.test(trimmed)) return 'unfinished';
  // The last clause: after the last sentence end or comma.
  const clauses = trimmed.split(/[.!?]+\s+|[,;:–—]\s*/).filter((c) => c.trim());
  const last = clauses[clauses.length - 1] ?? trimmed;
  const words = last.match(WORD) ?? [];
  if (!words.length) return 'unknown';
  const lastWord = words[words.length - 1]!;
  if (openEnds.has(lastWord.toLowerCase())) return 'unfinished';
  const lastTwo = words.slice(-2).join(' ').toLowerCase();
  if (openEnds.has(lastTwo)) return 'unfinished';
  if (nounPhraseOpen(words)) return 'unfinished';
  // A subordinate clause ends with its verb: lower case, a verb's ending or a known short form.
  // "Seitdem repariere ich …", "Damit hat es angefangen": an adverb in front of the verb, a main clause.
  if (
    subordinators.has(words[0]!.toLowerCase()) &&
    words.length > 1 &&
    !looksLikeVerb(lastWord) &&
    !(adverbsToo.has(words[0]!.toLowerCase()) && isFiniteVerbSecond(words[1]!))
  )
    return 'unfinished';
  return 'finished';
}

function looksLikeVerb(word: string): boolean {
  if (/^\p{Lu}/u.test(word)) return false;
  const w = word.toLowerCase();
  return shortVerbs.has(w) || /(en|ern|eln|t|te|ten|tet|st|e)$/.test(w);
}
