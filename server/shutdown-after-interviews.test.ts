import SqliteDatabase from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithGps, pdf } from './uploads/testing/fixtures';
import { createUpload, patchUpload, tusUpload } from './uploads/testing/tus';
import { startFakeOpenAI, type FakeOpenAI } from './testing/fake-openai';
import type { TestApp } from './testing/harness';
import { buildServer, startServerProcess, type ServerProcess } from './testing/server-process';
import { ProtocolClient } from './interview/testing/protocol-client';
import { concat, silence, spokenGerman } from './interview/testing/spoken';

const SHUTDOWN_SECONDS = 3;

/**
 * Issue 26, major 6: what the audit drove before its SIGTERM — interviews over the WebSocket with
 * a loopback speech server (one dropped mid-answer, its reconnect window open; one dropped right
 * after opening; one closed at once; one refused for its Origin; one whose phone left the network;
 * one still answering while the speech server holds its transcription), uploads signed in and
 * through the public link — and then the stop must end: exit 0 within SHUTDOWN_TIMEOUT_SECONDS
 * plus a few seconds, with the dropped interview's turns kept.
 */
describe('a stop that always ends after interviews over the WebSocket', () => {
  let dataDir: string;
  let speech: FakeOpenAI;
  let server: ServerProcess;

  beforeAll(async () => {
    buildServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'ca-stop-ws-'));
    speech = await startFakeOpenAI({ text: 'Ich entwickle Getriebe für Windkraftanlagen in Aachen.' });
    server = await startServerProcess({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      TRANSCRIBER: 'openai',
      OPENAI_BASE_URL: speech.url,
      OPENAI_API_KEY: 'sk-test',
      ALTCHA_MAX_NUMBER: '2000',
      JOB_POLL_MS: '50',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_SECONDS),
    });
  }, 120_000);
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await speech?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 0 within the shutdown timeout, whatever the sockets did, and keeps the dropped interview', async () => {
    const origin = server.url;
    const json = { 'content-type': 'application/json', origin };
    const password = 'Brueckenbau-2026-Sommer!';
    const setup = await fetch(`${origin}/api/setup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Admin', email: 'admin@example.de', password }),
    });
    expect(setup.status).toBe(201);
    const login = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'admin@example.de', password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const interview = async () =>
      (
        (await (
          await fetch(`${origin}/api/submissions`, {
            method: 'POST',
            headers: { ...json, cookie },
            body: JSON.stringify({ tenant: 'vdi', kind: 'interview', topic: 'engineering-path' }),
          })
        ).json()) as { contentId: number }
      ).contentId;
    const signed = async (contentId: number, headers: Record<string, string> = { cookie }) => {
      const res = await fetch(
        `${origin}/api/voice/signed-url?tenant=vdi&topic=engineering-path&contentId=${contentId}`,
        { headers: { origin, ...headers } },
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { signedUrl: string }).signedUrl;
    };

    // 1. Answered by voice, then the tab closes mid-answer: the take waits for a reconnect.
    const dropped = await interview();
    const first = await ProtocolClient.connect(await signed(dropped));
    await first.until(() => first.of('agent_response').length === 1, 30_000);
    first.send({ type: 'user_message', text: 'Ich habe Maschinenbau in Aachen studiert.' });
    await first.until(() => first.of('agent_response').length === 2, 30_000);
    const words = await spokenGerman('Ich bin Maria Schulz und entwickle Getriebe für Windkraftanlagen.');
    await first.sendAudio(concat(silence(1200), words), { realTime: true });
    first.socket.terminate();

    // 2. Opened and dropped at once (no closing handshake), and 3. opened and closed at once.
    const raw = (url: string, opts: WebSocket.ClientOptions = {}) =>
      new WebSocket(url, ['convai'], { origin, ...opts });
    const gone = raw(await signed(await interview()));
    await new Promise((resolve) => gone.once('open', resolve));
    gone.terminate();
    const shut = raw(await signed(await interview()));
    await new Promise((resolve) => shut.once('open', resolve));
    shut.close();

    // 4. A handshake from another origin: refused with 403, the client goes.
    const evil = raw(await signed(await interview()), { origin: 'https://evil.example' });
    evil.on('error', () => undefined);
    expect(
      await new Promise<number>((resolve) => {
        evil.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0);
          evil.terminate();
        });
        evil.once('open', () => resolve(101));
      }),
    ).toBe(403);

    // 5. Through the public link: a submission, a photo, a socket opened and dropped at once.
    const challenge = await (await fetch(`${origin}/api/public/challenge`)).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(
      JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
    ).toString('base64');
    const anonymous = await fetch(`${origin}/api/public/submissions`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ tenant: 'vdi', altcha }),
    });
    expect(anonymous.status).toBe(201);
    const pub = (await anonymous.json()) as { contentId: number; accessToken: string };
    const t = { url: origin } as TestApp;
    const token = { 'x-submission-token': pub.accessToken };
    expect(
      (
        await tusUpload(t, {
          bytes: await jpegWithGps(),
          contentId: pub.contentId,
          page: 'upload',
          filename: 'foto.jpg',
          headers: token,
        })
      ).status,
    ).toBeLessThan(300);
    const pubSocket = raw(await signed(pub.contentId, token));
    await new Promise((resolve) => pubSocket.once('open', resolve));
    pubSocket.terminate();

    // 6. A signed-in upload left half done.
    const uploadId = (
      (await (
        await fetch(`${origin}/api/submissions`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ tenant: 'vdi', kind: 'upload' }),
        })
      ).json()) as { contentId: number }
    ).contentId;
    const document = Buffer.concat([pdf(), Buffer.alloc(100_000, 32)]);
    const half = await createUpload(t, {
      size: document.length,
      contentId: uploadId,
      page: 'upload',
      filename: 'text.pdf',
      headers: { cookie, origin },
    });
    expect(half.status).toBe(201);
    expect((await patchUpload(half.location!, 0, document.subarray(0, 50_000), { cookie, origin })).status).toBe(204);

    // 7. A phone that left the network: its socket stays, but it reads nothing any more.
    const silent = await ProtocolClient.connect(await signed(await interview()));
    await silent.until(() => silent.of('agent_response').length === 1, 30_000);
    (silent.socket as unknown as { _socket: { pause(): void } })._socket.pause();

    // 8. An interview answering when the stop comes, its transcription held by the speech server.
    const live = await ProtocolClient.connect(await signed(await interview()));
    await live.until(() => live.of('agent_response').length === 1, 30_000);
    const release = speech.hold();
    const asked = speech.requests.length;
    void live.sendAudio(concat(words, silence(1000), words), { realTime: true }).catch(() => undefined);
    const deadline = Date.now() + 30_000;
    while (speech.requests.length === asked && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

    const stopped = Date.now();
    server.child.kill('SIGTERM');
    const code = await Promise.race([
      server.exited,
      new Promise<string>((r) => setTimeout(() => r('still running'), (SHUTDOWN_SECONDS + 20) * 1000)),
    ]);
    const seconds = (Date.now() - stopped) / 1000;
    release();
    console.log(`stopped: exit ${code} after ${seconds.toFixed(1)} s (timeout ${SHUTDOWN_SECONDS} s)`);
    expect(code, server.output().slice(-3000)).toBe(0);
    expect(seconds).toBeLessThan(SHUTDOWN_SECONDS + 5);

    // The interview dropped mid-answer is kept for its reconnect: both questions and the answer.
    const db = new SqliteDatabase(path.join(dataDir, 'content.db'), { readonly: true });
    const take = db.prepare('SELECT state, transcript FROM interview_takes WHERE submission_id = ?').get(dropped) as {
      state: string;
      transcript: string;
    };
    db.close();
    expect(take.state).toBe('interrupted');
    expect(take.transcript).toContain('Maschinenbau');
    expect(take.transcript).toContain('Getriebe');
  }, 240_000);
});
