import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[] };

/**
 * Lazy routes whose chunks (and first API answers) the HTML shell announces in a `Link` header, so
 * a phone on a slow link fetches them with the app's entry instead of one round trip later (the
 * first render would find them only after the entry ran). Keys are the page modules of
 * web/src/pages.tsx; patterns match the path with its query; the first route that matches wins.
 * `fetches` are the exact URLs the page asks for as it opens (a preload the page does not use is
 * a warning in the console and bytes for nothing).
 */
const routes: { pattern: RegExp; modules: string[]; fetches?: (match: RegExpMatchArray) => string[] }[] = [
  { pattern: /^\/p\/[^/]+\/upload\/?(\?.*)?$/, modules: ['src/features/uploads/pages.ts'] },
  // Every upload page asks for the system's state and the size limits.
  {
    pattern: /\/(upload|image-upload|document-upload|document-image-upload|image-upload-after-voice)\/?(\?.*)?$/,
    modules: ['src/features/uploads/pages.ts'],
    fetches: () => ['/api/health', '/api/media/limits'],
  },
  // The interview (a topic's or the general one), the voice message and its transcript, the
  // finishing pages, the members page: their code (paths of every tenant and of the public link).
  { pattern: /\/interview(\/[^/?]+)?\/?(\?.*)?$/, modules: ['src/features/interview/InterviewPage.tsx'] },
  { pattern: /\/(voice-message|transcript-edit)\/?(\?.*)?$/, modules: ['src/features/voice-messages/pages.ts'] },
  {
    pattern: /\/(contact-information|image-description|thank-you)\/?(\?.*)?$/,
    modules: ['src/features/finish/pages.ts'],
  },
  { pattern: /^\/mitglieder\/?(\?.*)?$/, modules: ['src/features/tenants/MembersPage.tsx'] },
  // The editor's account page; the contributor's approval page and what it shows (one module).
  { pattern: /^\/konto\/?(\?.*)?$/, modules: ['src/features/post/pages.ts'] },
  {
    pattern: /^\/freigabe\/([A-Za-z0-9_-]{40,64})\/?(\?.*)?$/,
    modules: ['src/features/post/pages.ts'],
    fetches: (m) => [`/api/freigabe/${m[1]}`],
  },
  // The inbox without filters: its first page and the tenants' names.
  {
    pattern: /^\/eingang\/?$/,
    modules: ['src/features/inbox/InboxPage.tsx'],
    fetches: () => ['/api/tenant-labels', '/api/inbox'],
  },
  // A submission in the inbox, its posts and content, and the tenants' names.
  {
    pattern: /^\/eingang\/(\d{1,15})\/?(\?.*)?$/,
    modules: ['src/features/inbox/InboxDetailPage.tsx'],
    fetches: (m) => [`/api/inbox/${m[1]}`, `/api/posts/${m[1]}`, `/api/content/${m[1]}`, '/api/tenant-labels'],
  },
];

/**
 * From the build's manifest (dist/web/.vite/manifest.json): the `Link` header value of a path, or
 * null. Chunks the shell already preloads are left out.
 */
export function routePreloads(webRoot: string): (url: string) => string | null {
  const file = path.join(webRoot, '.vite/manifest.json');
  if (!existsSync(file)) return () => null;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return () => null;
  }
  const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key]!.imports ?? [], seen);
    }
    return seen;
  };
  const shell = closure(['index.html']);
  const chunks = routes.map(({ modules }) =>
    [...closure(modules)].filter((k) => !shell.has(k)).map((k) => `</${manifest[k]!.file}>; rel=modulepreload`),
  );
  return (url) => {
    for (const [i, route] of routes.entries()) {
      const match = url.match(route.pattern);
      if (!match) continue;
      const fetches = (route.fetches?.(match) ?? []).map((u) => `<${u}>; rel=preload; as=fetch; crossorigin`);
      const links = [...chunks[i]!, ...fetches];
      return links.length ? links.join(', ') : null;
    }
    return null;
  };
}
