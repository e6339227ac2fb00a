/**
 * German typesetting for what people publish: cards, captions, clips. Pure functions (no I/O),
 * usable on the server and in the browser.
 *
 * - `layoutText(text, box, font, { role })`: lines and size of a text in a box; words never cut,
 *   quotes hyphenated at German hyphenation points, names and roles never hyphenated.
 * - `buildCues(words, rules)` / `cuesInWindow(...)`: the one caption builder (player, files,
 *   burned-in captions); `toWebVtt`, `toSrt`.
 * - `cleanText`, `germanQuotes`, `endsSentence`, `hyphenParts`, `textWidth`.
 */
export {
  bindsForward,
  buildCues,
  CAPTION_RULES,
  type Cue,
  type CueRules,
  cuesInWindow,
  layoutLines,
  type TimedSpan,
  toSrt,
  toWebVtt,
} from './cues';
export { hyphenParts } from './hyphenate';
export { type Box, breakUnits, type Font, fitLines, type Layout, layoutText, type TextRole } from './lines';
export { mainFontHas, textWidth, type Weight } from './measure';
export { endsSentence, isAbbreviation, sentenceEnds, splitSentences } from './sentences';
export { cleanText, germanQuotes, limitCombiningMarks, stripBidi, unquote } from './text';
