#!/usr/bin/env node
// Builds every workspace in dependency order, two at a time within a stage (2-core machines).
// `--changed` builds only packages whose sources changed since their last build (used by npm start).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { STAGES, root, needsBuild, markBuilt } from './workspaces.mjs';

const changedOnly = process.argv.includes('--changed');
const parallel = Number(process.env.BUILD_PARALLEL ?? 2);

function run(pkg) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'build', '--silent', '-w', pkg.name], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      if (code === 0) {
        markBuilt(pkg);
        console.log(`built ${pkg.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else {
        process.stderr.write(out);
        reject(new Error(`build of ${pkg.name} failed (exit ${code})`));
      }
    });
  });
}

async function pool(items, size, fn) {
  const queue = [...items];
  const workers = Array.from({ length: Math.min(size, queue.length) }, async () => {
    while (queue.length) await fn(queue.shift());
  });
  await Promise.all(workers);
}

let dirty = false;
const started = Date.now();
try {
  for (const stage of STAGES) {
    const todo = stage.filter((p) => dirty || !changedOnly || needsBuild(p));
    if (todo.length === 0) continue;
    // a changed dependency means everything after it must rebuild too
    if (stage.length === 1) dirty = true;
    await pool(todo, parallel, run);
  }
  console.log(
    `build finished in ${((Date.now() - started) / 1000).toFixed(1)} s (${path.relative(process.cwd(), root) || '.'})`,
  );
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
