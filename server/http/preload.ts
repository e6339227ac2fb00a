import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[] };

/**
 * Lazy routes whose chunks the HTML shell announces in a `Link` header, so a phone on a slow link
 * fetches them with the app's entry instead of one round trip later (the first render would find
 * them only after the entry ran). Keys are the page modules of web/src/pages.tsx.
 */
const routes: { pattern: RegExp; modules: string[] }[] = [
  { pattern: /^\/p\/[^/]+\/upload\/?$/, modules: ['src/features/uploads/pages.ts'] },
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
  const headers = routes.map(({ pattern, modules }) => {
    const files = [...closure(modules)].filter((k) => !shell.has(k)).map((k) => manifest[k]!.file);
    return { pattern, value: files.length ? files.map((f) => `</${f}>; rel=modulepreload`).join(', ') : null };
  });
  return (url) => headers.find((h) => h.pattern.test(url))?.value ?? null;
}
