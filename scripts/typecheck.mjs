#!/usr/bin/env node
// Type-checks every workspace (sources, tests included) without emitting, two at a time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGES, root } from './workspaces.mjs';

// Test-only and tooling projects with their own tsconfig.json, checked too.
const EXTRA = ['testing', 'integration', 'e2e', 'scripts', 'deploy', 'helm', 'loadtests']
  .filter((dir) => fs.existsSync(path.join(root, dir, 'tsconfig.json')))
  .map((dir) => ({ name: dir, dir }));

const failures = [];
const queue = [...PACKAGES, ...EXTRA];
async function worker() {
  while (queue.length) {
    const pkg = queue.shift();
    const code = await new Promise((resolve) => {
      const child = spawn('npx', ['tsc', '-p', `${pkg.dir}/tsconfig.json`, '--noEmit'], {
        cwd: root,
        stdio: 'inherit',
      });
      child.on('exit', resolve);
    });
    console.log(`${code === 0 ? 'ok  ' : 'FAIL'} typecheck ${pkg.name}`);
    if (code !== 0) failures.push(pkg.name);
  }
}
await Promise.all([worker(), worker()]);
if (failures.length) {
  console.error(`typecheck failed: ${failures.join(', ')}`);
  process.exit(1);
}
