#!/usr/bin/env node
// Fails when proto/gen is stale: regenerates the code from proto/ into a scratch folder with the same
// buf and protoc-gen-es (local plugin, no network) and compares every file with the committed ones.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './workspaces.mjs';

const protoDir = path.join(root, 'proto');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-gen-'));
const bin = path.join(root, 'node_modules', '.bin');

function listFiles(dir, base = dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(p, base) : [path.relative(base, p)];
  });
}

try {
  for (const entry of ['buf.yaml', 'buf.gen.yaml', 'tessera', 'grpc']) {
    fs.cpSync(path.join(protoDir, entry), path.join(scratch, entry), { recursive: true });
  }
  const run = spawnSync(path.join(bin, 'buf'), ['generate'], {
    cwd: scratch,
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    console.error('buf generate failed');
    process.exit(1);
  }
  const fresh = new Set(listFiles(path.join(scratch, 'gen')));
  const committed = new Set(listFiles(path.join(protoDir, 'gen')));
  const problems = [];
  for (const f of fresh) {
    if (!committed.has(f)) problems.push(`missing: proto/gen/${f}`);
    else if (
      fs.readFileSync(path.join(scratch, 'gen', f), 'utf8') !==
      fs.readFileSync(path.join(protoDir, 'gen', f), 'utf8')
    ) {
      problems.push(`stale: proto/gen/${f}`);
    }
  }
  for (const f of committed)
    if (!fresh.has(f)) problems.push(`not generated from any .proto: proto/gen/${f}`);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(
      `generated code is out of date (${problems.length} files): run \`npm run generate\` and commit proto/gen`,
    );
    process.exit(1);
  }
  console.log(`generated code is up to date (${fresh.size} files)`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
