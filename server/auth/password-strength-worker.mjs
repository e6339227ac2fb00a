// zxcvbn with the German and English dictionaries, in a worker thread: the ranked dictionaries
// take about 16 MB of heap, which the server's own heap (walked by every full garbage collection)
// does not carry. Answers each { id, password, inputs } with { id, score }.
import { parentPort } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';

const zxcvbn = new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...de.dictionary }, graphs: common.adjacencyGraphs });

parentPort.on('message', async ({ id, password, inputs }) => {
  try {
    const result = await zxcvbn.checkAsync(password, inputs);
    parentPort.postMessage({ id, score: result.score });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
