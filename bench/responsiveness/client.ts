/**
 * Load generator of bench/responsiveness and bench/soak, run as a child process so that its own
 * work never lands on the server's event loop. Repeats one kind of work until the deadline and
 * prints one JSON line per finished round.
 *
 *   node --import tsx bench/responsiveness/client.ts upload   BASE FILE UNTIL [COOKIE]   (COOKIE: delete after upload)
 *   node --import tsx bench/responsiveness/client.ts download URL COOKIE UNTIL
 *   node --import tsx bench/responsiveness/client.ts logins   BASE EMAIL PASSWORD UNTIL QUERY
 */
import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

const [mode, ...args] = process.argv.slice(2);
const report = (value: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ mode, ...value })}\n`);

async function anonymousSubmission(base: string): Promise<{ contentId: number; accessToken: string }> {
  const challenge = await (await fetch(`${base}/api/public/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
  const res = await fetch(`${base}/api/public/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ tenant: 'vdi', altcha }),
  });
  if (!res.ok) throw new Error(`Einreichung fehlgeschlagen: ${res.status} ${await res.text()}`);
  return res.json();
}

/** POST + one streamed PATCH, the tus requests of the browser for one file. */
async function tusUpload(
  base: string,
  file: string,
  submission: { contentId: number; accessToken: string },
): Promise<void> {
  const size = statSync(file).size;
  const meta = (v: string) => Buffer.from(v).toString('base64');
  const headers = { 'tus-resumable': '1.0.0', 'x-submission-token': submission.accessToken };
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(size),
      'upload-metadata': `contentId ${meta(String(submission.contentId))},page ${meta('public-upload')},filename ${meta('bench.mp4')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus POST: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, base).toString();
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(location, {
      method: 'PATCH',
      headers: {
        ...headers,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(size),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
  });
  if (status !== 200 && status !== 204) throw new Error(`tus PATCH: ${status} ${body}`);
}

/** Reads a whole response and throws it away; returns the bytes. */
async function drain(url: string, cookie: string): Promise<number> {
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  return bytes;
}

async function main() {
  if (mode === 'upload') {
    const [base, file, until, cookie] = args as [string, string, string, string | undefined];
    while (Date.now() < Number(until)) {
      const start = performance.now();
      const submission = await anonymousSubmission(base);
      await tusUpload(base, file, submission);
      const seconds = (performance.now() - start) / 1000;
      if (cookie) {
        const res = await fetch(`${base}/api/inbox/${submission.contentId}`, {
          method: 'DELETE',
          headers: { cookie, origin: base },
        });
        if (!res.ok) throw new Error(`Löschen: ${res.status} ${await res.text()}`);
      }
      report({ seconds, bytes: statSync(file).size });
    }
  } else if (mode === 'download') {
    const [url, cookie, until] = args as [string, string, string];
    while (Date.now() < Number(until)) {
      const start = performance.now();
      const bytes = await drain(url, cookie);
      report({ seconds: (performance.now() - start) / 1000, bytes });
    }
  } else if (mode === 'logins') {
    const [base, email, password, until, query] = args as [string, string, string, string, string];
    while (Date.now() < Number(until)) {
      const start = performance.now();
      const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email, password }),
      });
      if (!signIn.ok) throw new Error(`Anmeldung: ${signIn.status} ${await signIn.text()}`);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const page = await fetch(`${base}/api/inbox?q=${encodeURIComponent(query)}`, { headers: { cookie } });
      if (!page.ok) throw new Error(`Suche: ${page.status}`);
      await page.arrayBuffer();
      await fetch(`${base}/api/auth/sign-out`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: '{}',
      });
      report({ seconds: (performance.now() - start) / 1000 });
    }
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
