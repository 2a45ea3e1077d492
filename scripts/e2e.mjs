#!/usr/bin/env node
// Browser and process smoke test of the whole product as `npm start` runs it:
//  1. (--fresh) removes every build output, so the first build is part of the measured start;
//  2. starts `node scripts/start.mjs` on embedded defaults with its own ports and data folder;
//  3. requires GET /api/health to report all six services SERVING within 60 s of the build finishing
//     (the first build itself, which grows with the workspace, is printed and bounded at 5 min);
//  4. runs the playwright-core tests in e2e/ against it (vitest.e2e.config.ts);
//  5. sends SIGTERM and requires every process to be gone within 5 s.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listening } from '../loadtests/lib/listening.mjs';
import { PACKAGES, root } from './workspaces.mjs';

const fresh = process.argv.includes('--fresh');
// Other arguments go to vitest: `node scripts/e2e.mjs e2e/payment-stack.e2e.ts` runs one file.
const vitestArgs = process.argv.slice(2).filter((a) => a !== '--fresh');
// E2E_PORT and E2E_PORT_BASE let several checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 18080);
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 18051);
const say = (m) => console.log(`[e2e] ${m}`);
const fail = (m) => {
  console.error(`[e2e] FAIL: ${m}`);
  process.exitCode = 1;
};

if (fresh) {
  for (const p of PACKAGES) fs.rmSync(path.join(root, p.dir, p.out), { recursive: true, force: true });
  say('removed all build outputs (fresh start)');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-e2e-'));
// Lock minutes last 4 s in the browser tests, so a 5-minute lock lives 20 s
// (e2e/editor-stack.e2e.ts waits for one to expire); test-only.
const LOCK_MINUTE_MS = process.env.LOCK_MINUTE_MS ?? '4000';
const env = {
  ...process.env,
  LOCK_MINUTE_MS,
  PORT: String(PORT),
  TESSERA_PORT_BASE: String(PORT_BASE),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // every process's service key under <DATA_DIR>/keys: tests call a service as the process that may
  // (e2e/lib/stack.ts serviceClient)
  TESSERA_EXPOSE_KEYS: '1',
};
const started = Date.now();
const stack = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
stack.stdout.on('data', (d) => {
  out += d;
  process.stdout.write(d);
});
const exited = new Promise((resolve) => stack.on('exit', (code, signal) => resolve({ code, signal })));

async function health() {
  try {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
    return { status: res.status, body: await res.json() };
  } catch {
    return null;
  }
}

// `npm start` prints "build finished" once whatever was missing is built; the services start then.
const BUILD_LIMIT_MS = 300_000;
const READY_LIMIT_MS = 60_000;
let builtAt = null;
const deadline = () => (builtAt ?? started + BUILD_LIMIT_MS) + READY_LIMIT_MS;
let ready = null;
while (Date.now() < deadline() && stack.exitCode === null) {
  if (builtAt === null && /build finished|nothing to build|up to date/.test(out)) builtAt = Date.now();
  const h = await health();
  if (h?.status === 200) {
    ready = h;
    break;
  }
  await new Promise((r) => setTimeout(r, 250));
}
const readyIn = (Date.now() - started) / 1000;
const buildS = builtAt === null ? null : (builtAt - started) / 1000;

if (!ready) {
  fail(
    builtAt === null
      ? `the build did not finish within ${BUILD_LIMIT_MS / 1000} s`
      : `GET /api/health did not report all services serving within 60 s of the build: ${JSON.stringify(await health())}`,
  );
} else {
  say(
    `all services SERVING ${readyIn.toFixed(1)} s after start (${buildS === null ? 'build time unknown' : `${(readyIn - buildS).toFixed(1)} s after the build, which took ${buildS.toFixed(1)} s`}): ${JSON.stringify(ready.body.services)}`,
  );
  if (!out.includes(`Tessera is running at http://localhost:${PORT}`)) {
    await new Promise((r) => setTimeout(r, 500));
    if (!out.includes(`Tessera is running at http://localhost:${PORT}`))
      fail('npm start did not print the URL');
  }
  const tests = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...vitestArgs], {
    cwd: root,
    stdio: 'inherit',
    // The full-stack tests also get the data folder (the identity dev outbox) and the services' ports.
    env: {
      ...process.env,
      TESSERA_BASE_URL: `http://127.0.0.1:${PORT}`,
      TESSERA_DATA_DIR: dataDir,
      TESSERA_PORT_BASE: String(PORT_BASE),
      LOCK_MINUTE_MS,
    },
  });
  if (tests.status !== 0) fail('browser tests failed');
}

const stopAt = Date.now();
stack.kill('SIGTERM');
const timer = setTimeout(() => stack.kill('SIGKILL'), 10_000);
const result = await exited;
clearTimeout(timer);
const stopSeconds = (Date.now() - stopAt) / 1000;
say(`SIGTERM -> every process stopped in ${stopSeconds.toFixed(2)} s (exit ${result.signal ?? result.code})`);
if (stopSeconds > 5) fail('processes took longer than 5 s to stop');
if (result.code !== 0) fail(`npm start exited with ${result.signal ?? result.code}`);

// start.mjs's rule: the services on consecutive ports from the base (in the port table's order), the
// broker at base + 10. The table is read now: the stack has built it.
const { SERVICES } = await import('@tessera/facts/ports');
const ports = [PORT, ...SERVICES.map((_, i) => PORT_BASE + i), PORT_BASE + 10];
for (const port of ports) {
  if (await listening(port)) fail(`port ${port} still accepts connections after shutdown`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
say(process.exitCode ? 'FAILED' : 'passed');
