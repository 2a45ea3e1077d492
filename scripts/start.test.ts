/**
 * `npm start` (scripts/start.mjs) on the built services and embedded defaults, both ways it runs them: by default one process
 * with a worker thread per service, and with TESSERA_PROCESS_PER_SERVICE=1 a process per service.
 * Either way every service serves on its own port, SIGTERM stops each one gracefully (each logs
 * "stopped") with exit code 0, and one service that cannot run stops the whole stack with exit code 1
 * and a line naming it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICES } from '@tessera/facts/ports';
import { freePorts } from '../loadtests/lib/product.mjs';
import { childrenOf } from '../loadtests/lib/procstat.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const built = fs.existsSync(path.join(ROOT, 'bff/dist/main.js'));
const NAMES = ['broker', ...SERVICES, 'bff'];

/** This environment without the real backends' URLs: the stack on embedded defaults, with its broker. */
const embeddedEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !['MONGODB_URL', 'REDIS_URL', 'NATS_URL'].includes(k)),
);

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Runs start.mjs until `until` says so (or it exits); then SIGTERM, and its exit and output. */
async function runStart(
  ports: { base: number; bff: number },
  env: Record<string, string>,
  until: (out: string, pid: number) => Promise<boolean>,
) {
  const { base, bff } = ports;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-start-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...embeddedEnv,
      PORT: String(bff),
      TESSERA_PORT_BASE: String(base),
      DATA_DIR: dataDir,
      TESSERA_SKIP_BUILD: '1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  let stoppedByTest = false;
  while (child.exitCode === null && Date.now() < deadline) {
    if (await until(out, child.pid!)) {
      stoppedByTest = true;
      child.kill('SIGTERM');
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (child.exitCode === null && !stoppedByTest) child.kill('SIGKILL');
  const code = await exited;
  return { code, out, stoppedByTest };
}

const someFreePorts = () => freePorts(21300 + Math.floor(Math.random() * 2000));

/** The services that logged their graceful stop. */
const stoppedServices = (out: string) =>
  NAMES.filter((n) =>
    out.split('\n').some((l) => l.includes(`"service":"tessera-${n}"`) && l.includes('"msg":"stopped"')),
  );

describe.skipIf(!built)('npm start', () => {
  it.each([
    {
      mode: 'one process, a thread per service (the default)',
      env: {} as Record<string, string>,
      processes: 0,
    },
    { mode: 'a process per service', env: { TESSERA_PROCESS_PER_SERVICE: '1' }, processes: NAMES.length },
  ])('$mode: serves, then stops every service gracefully on SIGTERM', async ({ env, processes }) => {
    let children = -1;
    let health: unknown;
    const run = await runStart(await someFreePorts(), env, async (out, pid) => {
      if (!out.includes('Tessera is running')) return false;
      children = childrenOf(pid).length;
      const port = /running at http:\/\/localhost:(\d+)/.exec(out)![1];
      health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
      return true;
    });
    expect(run.stoppedByTest, run.out.slice(-2000)).toBe(true);
    expect(children).toBe(processes);
    expect(health).toMatchObject({ services: Object.fromEntries(SERVICES.map((s) => [s, 'SERVING'])) });
    expect(run.code, run.out.slice(-2000)).toBe(0);
    expect(
      stoppedServices(run.out),
      run.out
        .split('\n')
        .filter((l) => l.includes('stop'))
        .join('\n'),
    ).toEqual(NAMES);
  });

  it.each([
    { mode: 'one process, a thread per service (the default)', env: {} as Record<string, string> },
    { mode: 'a process per service', env: { TESSERA_PROCESS_PER_SERVICE: '1' } },
  ])('$mode: a service that cannot listen stops everything, named', async ({ env }) => {
    // the lock service's port is taken (start.mjs: the services on consecutive ports from the base)
    const ports = await someFreePorts();
    const blocker = net.createServer();
    await new Promise<void>((resolve) =>
      blocker.listen(ports.base + SERVICES.indexOf('lock'), '127.0.0.1', resolve),
    );
    try {
      const run = await runStart(ports, env, async () => false);
      expect(run.stoppedByTest).toBe(false);
      expect(run.code, run.out.slice(-2000)).toBe(1);
      expect(run.out).toMatch(/lock exited unexpectedly \(code 1\); stopping everything/);
      expect(run.out).not.toContain('Tessera is running');
    } finally {
      blocker.close();
    }
  });
});
