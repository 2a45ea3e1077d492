/**
 * The whole product for the fault suite: scripts/start.mjs with a process per service
 * (TESSERA_PROCESS_PER_SERVICE=1) and TESSERA_RESTART_KILLED=1, so a process this suite SIGKILLs is
 * started again by the launcher on its port with its key, as Kubernetes restarts a container.
 *
 * Real backends where the run has them (REDIS_URL, NATS_URL, as in CI): the product has no key
 * prefix or stream name setting, so a whole stack on the shared Redis or NATS would share lock keys
 * and the JetStream stream (and its durable consumers) with every other stack on the machine. The
 * suite runs a private redis-server / nats-server (JetStream) of its own instead, started from the
 * same binaries; the shared servers are never touched, let alone killed. With NATS there is no
 * broker process, so the broker is not among the processes killed (`killable`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPeerClient } from '@tessera/kit';
import { PaymentService } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { freePorts, startStack, type RunningStack } from '../../scripts/lib/launch-stack.mjs';
import { portsOf } from '../../scripts/lib/stack-ports.mjs';
import { stackProcesses } from '../../testing/procs.mjs';
import { startRedisServer, type RedisServer } from '../../testing/redis-server.mjs';
import { requireBuild, stackKeys } from '../../testing/trust-stack.js';

export const NATS_SERVER = '/usr/sbin/nats-server';

/** The processes the suite kills, in the order. */
export const VICTIMS = ['payment', 'canvas', 'lock', 'broker', 'bff'] as const;
export type Victim = (typeof VICTIMS)[number];

export interface FaultStack {
  url: string;
  dataDir: string;
  /** What the run uses: 'embedded' or 'private redis-server', 'embedded broker' or 'private nats-server'. */
  backends: { kv: string; bus: string };
  /** The processes this run may kill (no broker with NATS). */
  killable: Victim[];
  /** SIGKILLs the running process `name`; resolves with its pid. */
  kill(name: Victim): number;
  /** Resolves once the launcher has started `name` again (a pid other than `oldPid`), bounded. */
  restarted(name: Victim, oldPid: number, timeoutMs?: number): Promise<void>;
  /** Resolves once GET /api/health answers 200 (every service SERVING), bounded by `timeoutMs`. */
  healthy(timeoutMs?: number): Promise<number>;
  /** The operator's GetLedger (the RPC `npm run ops -- ledger` calls), signed as `ops`. */
  ledger(canvasIndex: number): Promise<{ orderCount: number; receivedCents: number }>;
  /** The launcher's output lines (restarts are announced there). */
  lines(): string[];
  close(): Promise<void>;
}

/** A private nats-server with JetStream on `port`, storing in `dir`. */
async function startNats(port: number, dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], {
    stdio: 'ignore',
  });
  const url = `nats://127.0.0.1:${port}`;
  const { connect } = await import('nats');
  const until = Date.now() + 20_000;
  for (;;) {
    try {
      const nc = await connect({ servers: url, timeout: 1000 });
      await nc.close();
      break;
    } catch (err) {
      if (Date.now() > until)
        throw new Error(`the private nats-server did not start: ${(err as Error).message}`, { cause: err });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export async function startFaultStack(opts: { reconcileMs?: number } = {}): Promise<FaultStack> {
  requireBuild();
  const cleanup: (() => Promise<unknown>)[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-faults-'));
  cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const ports = await freePorts();
  const env: Record<string, string> = {
    TESSERA_PROCESS_PER_SERVICE: '1',
    TESSERA_RESTART_KILLED: '1',
    // one CSRF key for every BFF incarnation, as several replicas share one
    SESSION_SECRET: 'fault-suite-session-secret-of-at-least-32-bytes',
    AUTH_RATE_LIMIT_SCALE: '100',
    // paid, unsettled orders are looked at every 2 s (each settles once it has been quiet 30 s)
    PAYMENT_RECONCILE_MS: String(opts.reconcileMs ?? 2000),
  };
  const backends = { kv: 'embedded', bus: 'embedded broker' };
  try {
    if (process.env.REDIS_URL) {
      const r: RedisServer | null = await startRedisServer(ports.base + 20);
      if (r) {
        cleanup.push(() => r.stop());
        env.REDIS_URL = r.url;
        backends.kv = `private redis-server (${r.url})`;
      }
    }
    if (process.env.NATS_URL && fs.existsSync(NATS_SERVER)) {
      const nats = await startNats(ports.base + 21, path.join(dataDir, 'nats'));
      cleanup.push(() => nats.stop());
      env.NATS_URL = nats.url;
      backends.bus = `private nats-server (${nats.url})`;
    }
  } catch (err) {
    for (const f of cleanup.reverse()) await f().catch(() => undefined);
    throw err;
  }
  let stack: RunningStack;
  try {
    stack = await startStack({
      port: ports.bff,
      portBase: ports.base,
      dataDir,
      exposeKeys: true,
      env,
      timeoutMs: 240_000,
    });
  } catch (err) {
    for (const f of cleanup.reverse()) await f().catch(() => undefined);
    throw err;
  }
  const keys = stackKeys(dataDir);
  const payment = createPeerClient(PaymentService, `http://127.0.0.1:${portsOf(ports.base).payment}`, {
    identity: keys.as('ops'),
    timeoutMs: 10_000,
  });
  const healthy = async (timeoutMs = 120_000): Promise<number> => {
    const t0 = Date.now();
    for (;;) {
      try {
        const res = await fetch(`${stack.url}/api/health`);
        await res.arrayBuffer();
        if (res.status === 200) return Date.now() - t0;
      } catch {
        // the BFF is down or starting
      }
      if (Date.now() - t0 > timeoutMs) throw new Error(`the stack was not healthy within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return {
    url: stack.url,
    dataDir,
    backends,
    killable: VICTIMS.filter((v) => v !== 'broker' || !env.NATS_URL),
    kill(name) {
      const found = stackProcesses(dataDir).filter((p) => p.name === name);
      if (found.length !== 1) throw new Error(`expected one ${name} process, found ${found.length}`);
      const pid = found[0]!.pid;
      process.kill(pid, 'SIGKILL');
      return pid;
    },
    async restarted(name, oldPid, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      while (!stackProcesses(dataDir).some((p) => p.name === name && p.pid !== oldPid)) {
        if (Date.now() > until) throw new Error(`${name} was not started again within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    healthy,
    async ledger(canvasIndex) {
      const l = await payment.getLedger({ canvasIndex });
      return { orderCount: l.orderCount, receivedCents: l.receivedCents };
    },
    lines: () => stack.lines(),
    async close() {
      await stack.stop();
      for (const f of cleanup.reverse()) await f().catch(() => undefined);
    },
  };
}
