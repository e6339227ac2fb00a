/**
 * Built-in interviewer: time from the end of a spoken answer to the next question.
 * Streams spoken German (espeak-ng) in real time over the agent protocol, 250 ms chunks like the
 * browser, and prints the server's figure (end of voice → question sent) and the client's
 * (last voiced audio sent → first audio of the question received).
 *   TRANSCRIBER=local WHISPER_MODEL_FILE=server/transcription/testing/for-tests-ggml-tiny.bin npx tsx bench/voice/latency.ts
 */
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addUser, api, login, startTestApp } from '../../server/testing/harness';
import { turnTimings } from '../../server/interview/routes';
import { ProtocolClient } from '../../server/interview/testing/protocol-client';
import { silence, spokenGerman } from '../../server/interview/testing/spoken';

const answers = [
  'Ich bin Maria Schulz und entwickle Getriebe für Windkraftanlagen in Bremen.',
  'Als Kind habe ich mit meinem Großvater alte Radios repariert.',
  'Nach dem Abitur habe ich Maschinenbau in Aachen studiert.',
  'Am meisten geprägt hat mich ein Praktikum auf einer Werft.',
  'Stolz bin ich auf unser erstes Getriebe ohne Ölwechsel.',
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'voice-bench-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  TRANSCRIBER: process.env.TRANSCRIBER ?? 'local',
  LOG_LEVEL: 'warn',
};
if (process.env.WHISPER_MODEL_FILE) {
  mkdirSync(path.join(dataDir, 'models'), { recursive: true });
  copyFileSync(process.env.WHISPER_MODEL_FILE, path.join(dataDir, 'models', 'ggml-base.bin'));
}
const t = await startTestApp('sqlite', env);
try {
  await addUser(t.app, 'bench@example.de', 'vdi_admin');
  const cookie = await login(t, 'bench@example.de');
  const res = await api(t, 'GET', '/api/voice/signed-url?tenant=vdi&topic=engineering-path', { cookie });
  const client = await ProtocolClient.connect(res.body.signedUrl);
  await client.until(() => client.of('agent_response').length === 1);
  const clientSide: number[] = [];
  const lastAudio = () => Math.max(0, ...client.of('audio').map((a) => a.audio_event.event_id as number));
  for (const answer of answers) {
    const speech = await spokenGerman(answer);
    const before = lastAudio();
    await client.sendAudio(speech, { realTime: true });
    const voiceSentAt = Date.now();
    await client.sendAudio(silence(2000), { realTime: true });
    await client.until(() => lastAudio() > before);
    clientSide.push(client.of('audio').find((a) => a.audio_event.event_id > before)!.receivedAt - voiceSentAt);
  }
  await client.until(() => client.of('agent_response').length === answers.length + 1, 60_000);
  client.close();
  const server = turnTimings.map((x) => x.latencyMs);
  const stats = (xs: number[]) =>
    `median ${[...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]} ms, max ${Math.max(...xs)} ms (${xs.join(', ')})`;
  console.log(`transcriber: ${t.app.transcriber.name}`);
  console.log(`server: end of voice -> question sent: ${stats(server)}`);
  console.log(`client: last voiced chunk sent -> first audio of the question received: ${stats(clientSide)}`);
} finally {
  await t.close();
}
