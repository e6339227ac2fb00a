#!/usr/bin/env node
// Fails on an import that reaches past a front door: a file outside a web feature
// (web/src/features/<x>) or a server capability (server/<x>) imports only that folder's index.ts,
// never a file inside it. The ports and infrastructure below the capabilities (server/db, http,
// storage, jobs, mail, openai, media-jobs, cluster, metrics, transcription) are imported file by
// file: each file there is one adapter or one port. Test files (*.test.ts[x]) and testing/ folders
// may import anything, and so may e2e/ and bench/. A lazy `import()` names the module it loads
// (a page or section with its own chunk: through the front door it would share the door's chunk). Route files
// (routes.ts, *-routes.ts) are HTTP only: a front door re-exports from them nothing but the route
// registration (`…Routes`), and only the composition root (server/app.ts) imports them from outside,
// so helpers others need live in a service or a module of their own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const roots = ['common', 'server', 'web/src', 'e2e', 'bench'];
const exts = ['.ts', '.tsx', '.js', '.mjs'];
/** Server folders that are ports or infrastructure, not capabilities: imported file by file. */
export const ports = new Set([
  'cluster',
  'db',
  'http',
  'jobs',
  'mail',
  'media-jobs',
  'metrics',
  'openai',
  'storage',
  'testing',
  'transcription',
]);

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules') yield* walk(full);
    } else if (exts.some((e) => name.endsWith(e)) && !/\.d\.tsx?$/.test(name)) yield full;
  }
}

const files = roots.flatMap((r) => [...walk(path.join(root, r))]);
const known = new Set(files);

function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base, ...exts.map((e) => base + e), ...exts.map((e) => path.join(base, `index${e}`))];
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => known.has(c)) ?? null;
}

/** Every import of a file: { target, dynamic }. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const names =
        ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)
          ? node.exportClause.elements.map((e) => e.name.text)
          : null;
      found.push({ spec: node.moduleSpecifier.text, dynamic: false, reexport: ts.isExportDeclaration(node), names });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push({ spec: arg.text, dynamic: true });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ spec: node.argument.literal.text, dynamic: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map((f) => ({ ...f, target: resolve(file, f.spec) })).filter((f) => f.target);
}

/** The feature or capability folder a file lies in (null: none, or a port). */
function unitOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'server' && rel.length > 2 && !ports.has(rel[1])) return `server/${rel[1]}`;
  if (rel[0] === 'web' && rel[2] === 'features' && rel.length > 4) return `web/src/features/${rel[3]}`;
  return null;
}

const exempt = (file) => {
  const rel = path.relative(root, file).split(path.sep);
  return /\.test\.tsx?$/.test(file) || rel.includes('testing') || rel[0] === 'e2e' || rel[0] === 'bench';
};
const isRoutes = (file) => /(^|-)routes\.ts$/.test(path.basename(file));
const compositionRoot = path.join('server', 'app.ts');

const problems = [];
const units = new Set();
for (const file of files) {
  const own = unitOf(file);
  if (own) units.add(own);
  if (exempt(file)) continue;
  const rel = path.relative(root, file);
  for (const { target, dynamic, spec, reexport, names } of importsOf(file)) {
    const unit = unitOf(target);
    const helpers = (names ?? ['*']).filter((n) => !/Routes$/.test(n));
    if (path.basename(file) === 'index.ts' && isRoutes(target) && (!reexport || helpers.length))
      problems.push(
        `${rel} takes ${helpers.join(', ') || 'names'} from '${spec}': a route file gives others only its routes (move helpers to a service or module)`,
      );
    if (!unit || unit === own) continue;
    if (target === path.join(root, unit, 'index.ts')) continue;
    if (rel === compositionRoot && isRoutes(target)) continue;
    if (dynamic) continue;
    problems.push(`${rel} imports '${spec}': past the front door of ${unit} (import it from ${unit}/index.ts)`);
  }
}
for (const unit of units) {
  if (!known.has(path.join(root, unit, 'index.ts'))) problems.push(`${unit} has no front door (index.ts)`);
}
if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`${problems.length} imports past a front door.`);
  process.exit(1);
}
console.log(`Every import meets its front door (${units.size} features and capabilities, ${files.length} files).`);
