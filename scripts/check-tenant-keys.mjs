#!/usr/bin/env node
// Fails when code compares a tenant key with a literal (`tenant.key === 'bank'`): tenant differences
// are data (common/tenants.ts: Tenant.style and the tenant row). Seed data, migrations and tests
// may name the seed's keys.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const seedKeys = [
  ...readFileSync(path.join(root, 'common/tenants.ts'), 'utf8').matchAll(/^export type TenantKey = (.*);$/gm),
].flatMap((m) => [...m[1].matchAll(/'([^']+)'/g)].map((k) => k[1]));
const allowed = (rel) =>
  rel === 'common/tenants.ts' || rel.includes('/migrations/') || rel.includes('/testing/') || /\.test\.tsx?$/.test(rel);

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (/\.(ts|tsx)$/.test(name)) yield full;
  }
}

const keys = seedKeys.join('|');
// A key-ish expression (…key, …Key, tenant, ….tenant) compared with a seed key, either way round, or a switch case on one.
const patterns = [
  new RegExp(`\\b(\\w*[kK]ey|tenant)\\s*[!=]==?\\s*'(${keys})'`),
  new RegExp(`'(${keys})'\\s*[!=]==?\\s*[\\w.]*(\\b\\w*[kK]ey|tenant)\\b`),
];
const found = [];
for (const dir of ['common', 'server', 'web/src']) {
  for (const file of walk(path.join(root, dir))) {
    const rel = path.relative(root, file);
    if (allowed(rel)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (patterns.some((p) => p.test(line))) found.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
  }
}
if (seedKeys.length === 0) {
  console.error('check-tenant-keys: no TenantKey union found in common/tenants.ts');
  process.exit(1);
}
if (found.length) {
  console.error('Tenant keys compared with a literal (make the difference a field of the tenant instead):');
  for (const f of found) console.error(`  ${f}`);
  process.exit(1);
}
console.log(`No tenant key compared with a literal (${seedKeys.join(', ')}).`);
