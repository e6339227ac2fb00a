#!/usr/bin/env node
// Fails on import cycles: between folders (server/<x>, web/src/features/<x>, web/src/<x>, common/<x>)
// and between single files. Reads every import, re-export and import() of the TypeScript sources.
// Type-only imports count too: a folder that names another's types depends on it. Test files
// (*.test.ts) and test support (testing/ folders) may import anything and are left out; a file directly in server/ or web/src/ (the
// composition root, config) is its own node.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const roots = ['common', 'server', 'web/src'];
const exts = ['.ts', '.tsx', '.js', '.mjs'];

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'testing') yield* walk(full);
    } else if (exts.some((e) => name.endsWith(e)) && !/\.(d|test)\.tsx?$/.test(name)) yield full;
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

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specs = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specs.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) specs.push(arg.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specs.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs.map((s) => resolve(file, s)).filter(Boolean);
}

/** The folder a file belongs to for the folder-level check. */
function folderOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'common') return rel.length > 2 ? `common/${rel[1]}` : rel.join('/');
  if (rel[0] === 'server') return rel.length > 2 ? `server/${rel[1]}` : rel.join('/');
  if (rel[2] === 'features') return `web/src/features/${rel[3]}`;
  return rel.length > 3 ? `web/src/${rel[2]}` : rel.join('/');
}

/** Strongly connected components with more than one member (Tarjan). */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const connect = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!info.has(w)) {
        connect(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const members = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        members.push(w);
      } while (w !== v);
      if (members.length > 1) found.push(members.sort());
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) connect(v);
  return found;
}

const fileGraph = new Map();
const folderGraph = new Map();
const example = new Map(); // "a -> b" between folders: one importing file
for (const file of files) {
  const targets = importsOf(file);
  fileGraph.set(file, new Set(targets));
  const from = folderOf(file);
  if (!folderGraph.has(from)) folderGraph.set(from, new Set());
  for (const t of targets) {
    const to = folderOf(t);
    if (to === from) continue;
    folderGraph.get(from).add(to);
    const key = `${from} -> ${to}`;
    if (!example.has(key)) example.set(key, `${path.relative(root, file)} imports ${path.relative(root, t)}`);
  }
}

let failed = false;
for (const members of cycles(folderGraph)) {
  failed = true;
  console.error(`Import cycle between folders: ${members.join(', ')}`);
  for (const from of members)
    for (const to of members) {
      const key = `${from} -> ${to}`;
      if (folderGraph.get(from)?.has(to)) console.error(`  ${key}: ${example.get(key)}`);
    }
}
for (const members of cycles(fileGraph)) {
  failed = true;
  console.error(`Import cycle between files: ${members.map((m) => path.relative(root, m)).join(', ')}`);
}
// Inside common/ one direction: texts, then schemas (zod input rules with German messages), then
// contracts (answer schemas and the endpoint table). A lower folder never imports a higher one.
const commonLayers = ['common/texts', 'common/schemas', 'common/contracts'];
for (const [from, targets] of folderGraph) {
  const low = commonLayers.indexOf(from);
  if (low < 0) continue;
  for (const to of targets)
    if (commonLayers.indexOf(to) > low) {
      failed = true;
      console.error(`${from} must not import ${to} (texts → schemas → contracts): ${example.get(`${from} -> ${to}`)}`);
    }
}
if (failed) process.exit(1);
console.log(`No import cycles (${files.length} files, ${folderGraph.size} folders).`);
