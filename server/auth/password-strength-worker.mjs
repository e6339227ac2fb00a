// zxcvbn with the German and English dictionaries, in a worker thread: the ranked dictionaries
// take about 16 MB of heap, which the server's own heap (walked by every full garbage collection)
// does not carry. Answers each { id, password, inputs } with { id, score }.
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...de.dictionary },
  graphs: common.adjacencyGraphs,
});

// The common and breached passwords (zxcvbn's 49,000), German words, names and Wikipedia terms.
const words = new Set(
  [...Object.values(common.dictionary), ...Object.values(de.dictionary)].flat().map((w) => String(w).toLowerCase()),
);
const leet = { 0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', '@': 'a', $: 's' };

/**
 * The pattern zxcvbn scores too kindly: one common word or password with digits and symbols
 * around it (`Passwort1!`, `Sommer2024!`, `Schalke04!`, `Vdi12345!`, `P@sswort2024`).
 */
export function commonWithDecoration(password, inputs = []) {
  const lower = password.normalize('NFC').toLowerCase();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (!core || core === lower) return false;
  const plain = core.replace(/[013457@$]/g, (c) => leet[c]);
  if (!/^\p{L}+$/u.test(plain)) return false;
  return plain.length < 4 || words.has(plain) || words.has(core) || inputs.some((i) => i.toLowerCase() === plain);
}

parentPort?.on('message', async ({ id, password, inputs }) => {
  try {
    if (commonWithDecoration(password, inputs)) return parentPort.postMessage({ id, score: 0 });
    const result = await zxcvbn.checkAsync(password, inputs);
    parentPort.postMessage({ id, score: result.score });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
