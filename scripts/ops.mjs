#!/usr/bin/env node
// `npm run ops -- <command>`: the operator CLI (ops/). Builds whatever changed first (quietly: its
// output is shown only when the build fails), then runs the CLI with the same arguments.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './workspaces.mjs';

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--changed'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});
if (build.status !== 0) {
  process.stderr.write(`${build.stdout}${build.stderr}`);
  console.error('error: the build failed; the operator CLI did not run');
  process.exit(2);
}
const cli = spawnSync(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'ops/dist/main.js'), ...process.argv.slice(2)],
  { stdio: 'inherit', env: process.env },
);
process.exit(cli.status ?? 1);
