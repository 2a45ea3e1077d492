/**
 * `npm start` (scripts/start.mjs) on the built services and embedded defaults, both ways it runs them: by default one process
 * with a worker thread per service, and with TESSERA_PROCESS_PER_SERVICE=1 a process per service.
 * Either way every service serves on its own port, SIGTERM stops each one gracefully (each logs
 * "stopped") with exit code 0, and one service that cannot run stops the whole stack with exit code 1
 * and a line naming it.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '@tessera/facts/ports';
import { childrenOf } from '../testing/procs.mjs';
import { freePorts, startStack, StackStartError } from './lib/launch-stack.mjs';
import { MALLOC_TUNABLES } from './lib/malloc-tunables.mjs';
import { portsOf } from './lib/stack-ports.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The environment a process started with (/proc/<pid>/environ). */
const environOf = (pid: number): Record<string, string> =>
  Object.fromEntries(
    fs
      .readFileSync(`/proc/${pid}/environ`, 'latin1')
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
const built = fs.existsSync(path.join(ROOT, 'bff/dist/main.js'));
const NAMES = ['broker', ...SERVICES, 'bff'];

/** The services that logged their graceful stop. */
const stoppedServices = (out: string[]) =>
  NAMES.filter((n) =>
    out.some((l) => l.includes(`"service":"tessera-${n}"`) && l.includes('"msg":"stopped"')),
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
    const stack = await startStack({ env, logLevel: 'info', timeoutMs: 60_000 });
    let stopped: Awaited<ReturnType<typeof stack.stop>> | undefined;
    try {
      expect(childrenOf(stack.pid)).toHaveLength(processes);
      // glibc's malloc settings (lib/malloc-tunables.mjs) in the stack's process and every child
      for (const pid of [stack.pid, ...childrenOf(stack.pid)])
        expect(environOf(pid), `process ${pid}`).toMatchObject(MALLOC_TUNABLES);
      expect(stack.lines().join('\n')).toContain(`Tessera is running at http://localhost:${stack.port}`);
      const health: unknown = await (await fetch(`${stack.url}/api/health`)).json();
      expect(health).toMatchObject({ services: Object.fromEntries(SERVICES.map((s) => [s, 'SERVING'])) });
    } finally {
      stopped = await stack.stop();
    }
    const out = stack.lines();
    expect(stopped.code, out.slice(-30).join('\n')).toBe(0);
    expect(stoppedServices(out), out.filter((l) => l.includes('stop')).join('\n')).toEqual(NAMES);
  });

  it.each([
    { mode: 'one process, a thread per service (the default)', env: {} as Record<string, string> },
    { mode: 'a process per service', env: { TESSERA_PROCESS_PER_SERVICE: '1' } },
  ])('$mode: a service that cannot listen stops everything, named', async ({ env }) => {
    // the lock service's port is taken
    const ports = await freePorts();
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(portsOf(ports.base).lock, '127.0.0.1', resolve));
    try {
      const err = await startStack({
        env,
        port: ports.bff,
        portBase: ports.base,
        logLevel: 'info',
        timeoutMs: 60_000,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StackStartError);
      const { exit, output } = err as StackStartError;
      const out = output.join('\n');
      expect(exit?.code, out.slice(-2000)).toBe(1);
      expect(out).toMatch(/lock exited unexpectedly \(code 1\); stopping everything/);
      expect(out).not.toContain('Tessera is running');
    } finally {
      blocker.close();
    }
  });
});
