import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[] };

/**
 * Lazy routes whose chunks (and first API answers) the HTML shell announces in a `Link` header, so
 * a phone on a slow link fetches them with the app's entry instead of one round trip later (the
 * first render would find them only after the entry ran). Keys are the page modules of
 * web/src/pages.tsx; the first route that matches a path wins.
 */
const routes: { pattern: RegExp; modules: string[]; fetches?: string[] }[] = [
  { pattern: /^\/p\/[^/]+\/upload\/?$/, modules: ['src/features/uploads/pages.ts'] },
  // Every upload page asks for the system's state and the size limits as it opens: fetched with
  // the shell instead of after the page's code (a chain of round trips on a slow link).
  {
    pattern: /\/(upload|image-upload|document-upload|document-image-upload|image-upload-after-voice)\/?$/,
    modules: [],
    fetches: ['/api/health', '/api/media/limits'],
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
  const headers = routes.map(({ pattern, modules, fetches = [] }) => {
    const files = [...closure(modules)].filter((k) => !shell.has(k)).map((k) => manifest[k]!.file);
    const links = [
      ...files.map((f) => `</${f}>; rel=modulepreload`),
      ...fetches.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`),
    ];
    return { pattern, value: links.length ? links.join(', ') : null };
  });
  return (url) => headers.find((h) => h.pattern.test(url))?.value ?? null;
}
