#!/usr/bin/env node
// npm run check:cycles: fails on any import circle in the TypeScript sources of a workspace (madge
// --circular over each workspace's files, resolved with that workspace's tsconfig, so `./x.js`
// specifiers resolve to the .ts files). Each package is checked by itself: imports of other packages
// (@tessera/*, npm) are not followed and are counted as "unresolved". Type-only imports count:
// a circle of types is still a circle for a reader. Generated code (proto/gen, web's routeTree.gen.ts)
// is left out. A circle listed in scripts/cycles-allow.txt is reported but does not fail; an entry
// there that no longer occurs fails too, so the list can only shrink.
import fs from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { root } from './workspaces.mjs';

const EXCLUDE = [
  /(^|\/)node_modules\//,
  /(^|\/)dist\//,
  /(^|\/)proto\/gen\//,
  /routeTree\.gen\.ts$/,
  /\.d\.ts$/,
];
const ALLOW_FILE = path.join(root, 'scripts', 'cycles-allow.txt');

/** The workspaces of the root package.json that hold TypeScript (proto's is generated only). */
function workspaces() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return pkg.workspaces.filter((dir) => fs.existsSync(path.join(root, dir, 'tsconfig.json')));
}

/** A circle as one line: its files relative to the repository root, joined by " > ". */
function lineOf(dir, circle) {
  return circle
    .map((f) =>
      path
        .relative(root, path.resolve(root, dir, f))
        .split(path.sep)
        .join('/'),
    )
    .join(' > ');
}

/** The allow-list: one circle a line, as printed below; `#` starts a comment. */
function readAllowed() {
  if (!fs.existsSync(ALLOW_FILE)) return new Set();
  return new Set(
    fs
      .readFileSync(ALLOW_FILE, 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

const allowed = readAllowed();
const seen = new Set();
const failing = [];
for (const dir of workspaces()) {
  const abs = path.join(root, dir);
  const result = await madge(abs, {
    baseDir: abs,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(abs, 'tsconfig.json'),
    excludeRegExp: EXCLUDE,
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  const files = Object.keys(result.obj()).length;
  const circles = result.circular().map((c) => lineOf(dir, c));
  for (const line of circles) {
    seen.add(line);
    if (allowed.has(line)) console.log(`allowed (scripts/cycles-allow.txt): ${line}`);
    else failing.push(line);
  }
  console.log(`${dir}: ${files} files, ${circles.length} circle(s)`);
  const skipped = result.warnings().skipped;
  if (skipped.length > 0) console.log(`  unresolved (not followed): ${skipped.length}`);
}
const stale = [...allowed].filter((line) => !seen.has(line));
for (const line of failing) console.error(`import circle: ${line}`);
for (const line of stale)
  console.error(`scripts/cycles-allow.txt lists a circle that no longer exists: ${line}`);
if (failing.length > 0 || stale.length > 0) {
  console.error(
    `\n${failing.length} import circle(s), ${stale.length} stale allow-list entr${stale.length === 1 ? 'y' : 'ies'}`,
  );
  process.exit(1);
}
console.log('no import circles');
