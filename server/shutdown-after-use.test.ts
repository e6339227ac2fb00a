import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithGps, video } from './uploads/testing/fixtures';
import { tusUpload } from './uploads/testing/tus';
import { buildServer, startServerProcess, type ServerProcess } from './testing/server-process';
import type { TestApp } from './testing/harness';
import { wavFromPcm16 } from './transcription/transcriber';
import { ProtocolClient } from './interview/testing/protocol-client';
import { concat, silence, spokenGerman } from './interview/testing/spoken';

const SHUTDOWN_SECONDS = 3;

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/**
 * A server that did real work ends within SHUTDOWN_TIMEOUT_SECONDS plus a few seconds of SIGTERM,
 * with code 0: interviews over the WebSocket (the built-in agent with its voice model, one ended,
 * one still speaking), local whisper transcribing a long voice message at that moment (whisper.cpp
 * cannot be interrupted: in a worker thread it held the process exit for as long as it ran), photo
 * and video uploads with their media jobs, a ZIP and a CSV export.
 */
describe('a stop that always ends', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    buildServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'ca-stop-'));
    mkdirSync(path.join(dataDir, 'models'), { recursive: true });
    copyFileSync(
      path.join(import.meta.dirname, 'transcription/testing/for-tests-ggml-tiny.bin'),
      path.join(dataDir, 'models', 'ggml-base.bin'),
    );
    server = await startServerProcess({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      TRANSCRIBER: 'local',
      JOB_POLL_MS: '50',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_SECONDS),
    });
  }, 120_000);
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 0 within the shutdown timeout after interviews, a running transcription, uploads, media jobs and exports', async () => {
    const origin = server.url;
    const json = { 'content-type': 'application/json', origin };
    const password = 'Brueckenbau-2026-Sommer!';
    expect(
      (
        await fetch(`${origin}/api/setup`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'Admin', email: 'admin@example.de', password }),
        })
      ).status,
    ).toBe(201);
    const login = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'admin@example.de', password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const submission = async (kind: string, topic?: string) =>
      (
        (await (
          await fetch(`${origin}/api/submissions`, {
            method: 'POST',
            headers: { ...json, cookie },
            body: JSON.stringify({ tenant: 'vdi', kind, topic }),
          })
        ).json()) as { contentId: number }
      ).contentId;

    // Two interviews over the WebSocket, each answered by voice: one ended, one goes on speaking.
    const answer = concat(
      await spokenGerman('Ich bin Maria Schulz und entwickle Getriebe für Windkraftanlagen.'),
      silence(1000),
    );
    const clients: ProtocolClient[] = [];
    for (let i = 0; i < 2; i++) {
      const contentId = await submission('interview', 'engineering-path');
      const signed = (await (
        await fetch(`${origin}/api/voice/signed-url?tenant=vdi&topic=engineering-path&contentId=${contentId}`, {
          headers: { cookie, origin },
        })
      ).json()) as { signedUrl: string };
      const client = await ProtocolClient.connect(signed.signedUrl);
      clients.push(client);
      await client.until(() => client.of('agent_response').length === 1, 30_000);
      await client.sendAudio(answer, { realTime: true });
    }
    clients[0]!.close();
    await clients[0]!.closedWith();

    // Uploads: a photo and a video, processed by media jobs; then the exports.
    const uploadId = await submission('upload');
    const t = { url: origin } as TestApp;
    expect(
      (
        await tusUpload(t, {
          bytes: await jpegWithGps(),
          contentId: uploadId,
          page: 'upload',
          filename: 'foto.jpg',
          headers: { cookie },
        })
      ).status,
    ).toBeLessThan(300);
    expect(
      (
        await tusUpload(t, {
          bytes: video('mp4'),
          contentId: uploadId,
          page: 'upload',
          filename: 'film.mp4',
          headers: { cookie },
        })
      ).status,
    ).toBeLessThan(300);
    await until(async () => {
      const detail = (await (await fetch(`${origin}/api/submissions/${uploadId}`, { headers: { cookie } })).json()) as {
        media: { hasThumbnail: boolean }[];
      };
      return detail.media.length === 2 && detail.media.every((m) => m.hasThumbnail);
    });
    expect((await fetch(`${origin}/api/inbox/${uploadId}/zip`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${origin}/api/inbox/export.csv`, { headers: { cookie } })).status).toBe(200);

    // A long voice message: whisper is busy with it when the stop comes, and the open interview speaks on.
    const voiceId = await submission('voice');
    const long = wavFromPcm16(concat(...Array.from({ length: 50 }, () => answer)), 16000);
    const sent = await fetch(`${origin}/api/submissions/${voiceId}/voice-message`, {
      method: 'POST',
      headers: { 'content-type': 'audio/wav', origin, cookie },
      body: new Uint8Array(long),
    });
    expect(sent.status).toBe(202);
    const { jobId } = (await sent.json()) as { jobId: number };
    const running = await until(
      async () =>
        (
          (await (
            await fetch(`${origin}/api/submissions/${voiceId}/transcriptions/${jobId}`, { headers: { cookie } })
          ).json()) as { status: string }
        ).status === 'running',
    );
    expect(running).toBe(true);
    void clients[1]!.sendAudio(concat(answer, answer, answer), { realTime: true }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 3000));

    const stopped = Date.now();
    server.child.kill('SIGTERM');
    const code = await Promise.race([
      server.exited,
      new Promise<string>((r) => setTimeout(() => r('still running'), (SHUTDOWN_SECONDS + 20) * 1000)),
    ]);
    const seconds = (Date.now() - stopped) / 1000;
    console.log(`stopped: exit ${code} after ${seconds.toFixed(1)} s (timeout ${SHUTDOWN_SECONDS} s)`);
    expect(code, server.output().slice(-3000)).toBe(0);
    expect(seconds).toBeLessThan(SHUTDOWN_SECONDS + 5);
  }, 240_000);
});
