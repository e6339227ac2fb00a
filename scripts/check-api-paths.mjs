#!/usr/bin/env node
// Fails on an API path spelled in a web feature file or web/src/current-tenant ('/api/…' or `/api/…`): pages call the API
// through the typed client (web/src/api/client.ts), whose keys are the endpoint table's
// (common/contracts/endpoints.ts), so a path that the server does not serve fails the typecheck.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

const literal = /['"`]\/api\//;
const found = [];
for (const file of ['web/src/features', 'web/src/current-tenant'].flatMap((d) => [...walk(path.join(root, d))])) {
  const rel = path.relative(root, file);
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (literal.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
    });
}
// The browser takes the response schemas as types only: their zod code stays out of the bundle.
const schemaImport = /^import\s+(?!type\b)[^;]*from\s+'[./]*\/common\/contracts\/(?!endpoint')[\w-]+'/ms;
for (const file of walk(path.join(root, 'web/src'))) {
  const rel = path.relative(root, file);
  for (const statement of readFileSync(file, 'utf8').split(/;\s*\n/)) {
    if (schemaImport.test(statement.trim()))
      found.push(`${rel}: imports response schemas at run time (use import type)`);
  }
}
if (found.length) {
  console.error(
    'API paths in web feature files or response schemas in the bundle (call the API through web/src/api/client.ts):',
  );
  for (const f of found) console.error(`  ${f}`);
  process.exit(1);
}
console.log('No API path in web feature files; no response schema in the bundle.');
