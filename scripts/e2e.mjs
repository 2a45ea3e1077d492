#!/usr/bin/env node
// Browser and process smoke test of the whole product as `npm start` runs it:
//  1. (--fresh) removes every build output, so the first build is part of the measured start;
//  2. starts `node scripts/start.mjs` on embedded defaults with its own ports and data folder;
//  3. requires GET /api/health to report all six services SERVING within 60 s of the build finishing
//     (the first build itself, which grows with the workspace, is printed and bounded at 5 min);
//  4. runs the playwright-core tests in e2e/ against it (vitest.e2e.config.ts);
//  5. sends SIGTERM and requires every process to be gone within 5 s.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { listening } from '../testing/listening.mjs';
import { startStack, StackStartError } from './lib/launch-stack.mjs';
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

// Lock minutes last 4 s in the browser tests, so a 5-minute lock lives 20 s
// (e2e/editor-stack.e2e.ts waits for one to expire); test-only.
const LOCK_MINUTE_MS = process.env.LOCK_MINUTE_MS ?? '4000';
// Every browser test signs up from 127.0.0.1: identity's new accounts per address are scaled up (test-only).
const NEW_ACCOUNT_LIMIT_SCALE = process.env.NEW_ACCOUNT_LIMIT_SCALE ?? '1000';

// `npm start` prints "build finished" once whatever was missing is built; the services start then.
const BUILD_LIMIT_MS = 300_000;
const READY_LIMIT_MS = 60_000;
const started = Date.now();
let builtAt = null;
/** @type {import('./lib/launch-stack.d.mts').RunningStack | null} */
let stack = null;
try {
  stack = await startStack({
    port: PORT,
    portBase: PORT_BASE,
    build: true,
    // every process's service key under <DATA_DIR>/keys: tests call a service as the process that
    // may (e2e/lib/stack.ts serviceClient)
    exposeKeys: true,
    env: { LOCK_MINUTE_MS, NEW_ACCOUNT_LIMIT_SCALE },
    timeoutMs: BUILD_LIMIT_MS + READY_LIMIT_MS,
    onLine: (line, stream) => {
      (stream === 'stdout' ? process.stdout : process.stderr).write(`${line}\n`);
      if (builtAt === null && /build finished|nothing to build|up to date/.test(line)) builtAt = Date.now();
    },
  });
} catch (err) {
  if (!(err instanceof StackStartError)) throw err;
  fail(
    builtAt === null
      ? `the build did not finish within ${BUILD_LIMIT_MS / 1000} s, or npm start failed (${err.exit ? 'it exited' : 'it hung'})`
      : `npm start did not report every service serving (${err.exit ? 'it exited' : `not within ${(Date.now() - builtAt) / 1000} s of the build`})`,
  );
}

if (stack) {
  // start.mjs prints its URL once GET /api/health reports every service SERVING (through the BFF)
  const readyIn = (Date.now() - started) / 1000;
  const buildS = builtAt === null ? null : (builtAt - started) / 1000;
  const res = await fetch(`${stack.url}/api/health`);
  const health = await res.json().catch(() => null);
  if (!stack.lines().some((l) => l.includes(`Tessera is running at http://localhost:${PORT}`)))
    fail('npm start did not print its URL');
  else if (res.status !== 200) fail(`GET /api/health answered ${res.status}: ${JSON.stringify(health)}`);
  else if (buildS !== null && readyIn - buildS > READY_LIMIT_MS / 1000)
    fail(`all services SERVING only ${(readyIn - buildS).toFixed(1)} s after the build (limit 60 s)`);
  else {
    say(
      `all services SERVING ${readyIn.toFixed(1)} s after start (${buildS === null ? 'build time unknown' : `${(readyIn - buildS).toFixed(1)} s after the build, which took ${buildS.toFixed(1)} s`}): ${JSON.stringify(health.services)}`,
    );
    const tests = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...vitestArgs], {
      cwd: root,
      stdio: 'inherit',
      // The full-stack tests also get the data folder (the identity dev outbox) and the services' ports.
      env: {
        ...process.env,
        TESSERA_BASE_URL: stack.url,
        TESSERA_DATA_DIR: stack.dataDir,
        TESSERA_PORT_BASE: String(PORT_BASE),
        LOCK_MINUTE_MS,
      },
    });
    if (tests.status !== 0) fail('browser tests failed');
  }

  const result = await stack.stop();
  say(
    `SIGTERM -> every process stopped in ${result.seconds.toFixed(2)} s (exit ${result.signal ?? result.code})`,
  );
  if (result.seconds > 5) fail('processes took longer than 5 s to stop');
  if (result.code !== 0) fail(`npm start exited with ${result.signal ?? result.code}`);

  // The port rule is read now: the stack has built the port table it needs.
  const { portsOf } = await import('./lib/stack-ports.mjs');
  for (const port of [PORT, ...Object.values(portsOf(PORT_BASE))]) {
    if (await listening(port)) fail(`port ${port} still accepts connections after shutdown`);
  }
}
say(process.exitCode ? 'FAILED' : 'passed');
