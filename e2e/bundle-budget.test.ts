import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { webRoot } from '../server/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, login, startTestApp, type TestApp } from '../server/testing/harness';
import { measureAll, printTable, type PageLoad } from './bundle';
import { launchBrowser } from './harness';

/** Strings of the ElevenLabs SDK's own code (web/src/features/interview/voiceSdk.ts), in no other chunk. */
const sdkMarkers = [
  'First received message is not conversation metadata.',
  'Failed to parse socket message',
  'agent_tool_request',
];

/** The budgets and the measurement are in e2e/bundle.ts (the Lighthouse bench prints the same table). */
describe('bundle budgets (JavaScript over the wire, cache empty)', () => {
  let t: TestApp;
  let browser: Browser;
  let rows: PageLoad[];
  beforeAll(async () => {
    t = await startTestApp('sqlite', { VOICE_AGENT: 'builtin' });
    await addUser(t.app, 'redaktion@budget.test', 'vdi_admin');
    await addUser(t.app, 'admin@budget.test', 'admin');
    browser = await launchBrowser();
    rows = await measureAll(t, browser, {
      editor: await login(t, 'redaktion@budget.test'),
      admin: await login(t, 'admin@budget.test'),
    });
    console.log(`\nJavaScript per page (compressed, cache empty, Chromium):\n${printTable(rows)}\n`);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('keeps every page within its budget', () => {
    const over = rows
      .filter((r) => r.bytes > r.budget)
      .map((r) => `${r.page}: ${r.bytes} > ${r.budget}\n  ${r.files.map((f) => `${f.url} ${f.bytes}`).join('\n  ')}`);
    expect(over).toEqual([]);
  });

  it('serves every script compressed (a file under 1 KB may go as is: compressed it would not be smaller)', () => {
    const plain = rows.flatMap((r) =>
      r.files
        .filter((f) => f.encoding !== 'br' && f.encoding !== 'gzip' && !(f.length > 0 && f.length < 1024))
        .map((f) => `${r.page}: ${f.url} (${f.encoding})`),
    );
    expect(plain).toEqual([]);
  });

  it('loads no part of the ElevenLabs SDK with the built-in agent, by file and by content', async () => {
    const interview = rows.find((r) => r.page.startsWith('/interview'))!;
    // The page did load its voice client: the built-in interviewer's own ...
    expect(interview.files.some((f) => /\/builtinAgent-[\w-]+\.js$/.test(f.url))).toBe(true);
    // ... and no chunk of the SDK (WebSocket part, LiveKit) nor its worklets.
    expect(
      interview.files.filter((f) =>
        /voiceSdk|WebRTCConnection|livekit|rawAudioProcessor|audioConcatProcessor|libsamplerate/i.test(f.url),
      ),
    ).toEqual([]);
    const found: string[] = [];
    for (const file of interview.files) {
      const code = await (await fetch(`${t.url}${file.url}`)).text();
      for (const marker of sdkMarkers) if (code.includes(marker)) found.push(`${marker} in ${file.url}`);
    }
    expect(found).toEqual([]);
  });

  it('keeps zod, the auth client, the tus client and the voice SDK off the login page', async () => {
    // Each library by a string of its own code (checked against the build below).
    const markers = {
      zod: 'ZodError',
      'better-auth client': 'nanostores',
      'tus-js-client': 'Tus-Resumable',
      LiveKit: 'livekit',
      'voice SDK': sdkMarkers[0]!,
    };
    const found: string[] = [];
    for (const row of rows.filter((r) => r.page === '/login' || r.page === '/p/vdi/upload')) {
      for (const file of row.files) {
        const code = await (await fetch(`${t.url}${file.url}`)).text();
        for (const [name, marker] of Object.entries(markers))
          if (code.includes(marker)) found.push(`${row.page}: ${name} in ${file.url}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('finds those markers in the build, so the check above can fail', async () => {
    const all = new Set(rows.flatMap((r) => r.files.map((f) => f.url)));
    const code = (await Promise.all([...all].map(async (u) => (await fetch(`${t.url}${u}`)).text()))).join('\n');
    // zod is on the admin pages.
    expect(code).toContain('ZodError');
    // The SDK markers are in the SDK's own chunk (loaded with an ElevenLabs agent only).
    const assets = readdirSync(path.join(webRoot, 'assets')).filter((f) => /^voiceSdk-[\w-]+\.js$/.test(f));
    expect(assets).toHaveLength(1);
    const sdk = await (await fetch(`${t.url}/assets/${assets[0]}`)).text();
    for (const marker of sdkMarkers) expect(sdk).toContain(marker);
  });
});
