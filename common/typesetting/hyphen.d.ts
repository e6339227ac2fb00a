declare module 'hyphen/de-1996/index.js' {
  const german: { hyphenateSync(text: string, opts: { hyphenChar: string; minWordLength?: number }): string };
  export default german;
}
