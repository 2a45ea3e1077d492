// The whole product as `npm start` runs it (scripts/start.mjs over the built processes), started from
// the tests, the browser-test runner (scripts/e2e.mjs) and the benchmarks: free loopback ports, the
// environment of embedded defaults, and startStack, which starts start.mjs on its own ports and data
// folder, waits until it is ready and stops it (SIGTERM, then SIGKILL). Types: launch-stack.d.mts.
//
// This module imports no workspace package: scripts/e2e.mjs loads it before start.mjs has built
// anything (`--fresh`). The port rule that needs the port table is in ./stack-ports.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withMallocTunables } from './malloc-tunables.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** start.mjs with TESSERA_PORT_BASE: service i listens on base + i, the embedded broker on base + 10. */
export const BROKER_OFFSET = 10;
/** Where freePorts puts the BFF: right after the broker, so one stack is one block of ports. */
export const BFF_OFFSET = BROKER_OFFSET + 1;
/**
 * Ports of one stack's block: the services, the broker, the BFF, then each process's metrics port
 * (METRICS_BASE_OFFSET = BFF_OFFSET + 1 in @tessera/facts/ports, eight processes; a test checks it).
 */
export const STACK_BLOCK = BFF_OFFSET + 1 + 8;

/** What start.mjs prints once every service reports SERVING through the BFF. */
export const READY_LINE = 'Tessera is running at';

/**
 * Variables that would take the stack off its embedded defaults: real backends, another broker or
 * NATS user, other service keys, a span exporter, a loader in every child (NODE_OPTIONS), and the
 * launch modes of start.mjs (TESSERA_*), which the caller sets itself when it wants them.
 */
const NOT_EMBEDDED = [
  'MONGODB_URL',
  'REDIS_URL',
  'NATS_URL',
  'BUS_URL',
  'NATS_USER',
  'NATS_PASSWORD',
  'SERVICE_KEY',
  'SERVICE_KEY_FILE',
  'SERVICE_JWKS',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'NODE_OPTIONS',
];

/**
 * `env` without the variables that would take a stack off its embedded defaults (see NOT_EMBEDDED,
 * every NATS_PASSWORD_<PROCESS> and every TESSERA_* variable), so a test run with REDIS_URL or
 * NATS_URL set for the adapter suites still starts the stack it means to.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Record<string, string>}
 */
export function embeddedEnv(env = process.env) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined || NOT_EMBEDDED.includes(k)) continue;
    if (k.startsWith('NATS_PASSWORD_') || k.startsWith('TESSERA_')) continue;
    out[k] = v;
  }
  return out;
}

/**
 * True when nothing listens on `port` on loopback.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function portFree(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A random base from 11000 to 28999: stacks of parallel test runs rarely pick the same block. */
const randomBase = () => 11_000 + Math.floor(Math.random() * 18_000);

/**
 * A block of free loopback ports for one stack: `base` .. base + 10 (the services and the broker),
 * `bff` = base + 11 and the metrics ports after it (STACK_BLOCK ports in all). Tries `pick()` bases until one block is free (100 tries).
 * @param {() => number} [pick]
 * @returns {Promise<{ base: number; bff: number }>}
 */
export async function freePorts(pick = randomBase) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const base = pick();
    const ports = Array.from({ length: STACK_BLOCK }, (_, i) => base + i);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return { base, bff: base + BFF_OFFSET };
  }
  throw new Error('no block of free loopback ports');
}

/** The stack did not become ready: its exit (if it exited) and its last output. */
export class StackStartError extends Error {
  /**
   * @param {string} reason
   * @param {{ code: number | null; signal: string | null } | null} exit
   * @param {string[]} output
   */
  constructor(reason, exit, output) {
    super(`the stack did not start (${reason}):\n${output.slice(-40).join('\n')}`);
    this.name = 'StackStartError';
    this.exit = exit;
    this.output = output;
  }
}

/**
 * Starts scripts/start.mjs (or `opts.script`) as `npm start` runs it, on embedded defaults
 * (embeddedEnv) with `opts.env` on top, and resolves once it is ready: `ready: 'stdout'` when it
 * prints READY_LINE, `ready: 'health'` when GET /api/health answers 200 (for output sent to a file,
 * which this process does not read). Rejects with a StackStartError when it exits first or
 * `timeoutMs` passes; the stack is stopped then. See launch-stack.d.mts for every option.
 * @param {import('./launch-stack.d.mts').StackOptions} [opts]
 * @returns {Promise<import('./launch-stack.d.mts').RunningStack>}
 */
export async function startStack(opts = {}) {
  const ready = opts.ready ?? 'stdout';
  if (ready === 'stdout' && opts.output) throw new Error("ready: 'stdout' needs the output collected");
  const ports =
    opts.port !== undefined && opts.portBase !== undefined
      ? { base: opts.portBase, bff: opts.port }
      : await freePorts();
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-stack-'));
  // as package.json's start script runs it: with glibc's malloc settings (malloc-tunables.mjs)
  const env = withMallocTunables({
    ...embeddedEnv(),
    PORT: String(ports.bff),
    TESSERA_PORT_BASE: String(ports.base),
    DATA_DIR: dataDir,
    LOG_LEVEL: opts.logLevel ?? 'warn',
    // every test user signs up from 127.0.0.1: the per-address new-account limit is for real clients
    // (integration/abuse tests it at its real value)
    NEW_ACCOUNT_LIMIT_SCALE: '1000',
    ...(opts.build ? {} : { TESSERA_SKIP_BUILD: '1' }),
    ...(opts.exposeKeys ? { TESSERA_EXPOSE_KEYS: '1' } : {}),
    ...opts.env,
  });
  const file = opts.output ? fs.openSync(opts.output.file, 'a') : undefined;
  const child = spawn(process.execPath, [opts.script ?? path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env,
    // to a file, the runner (a load generator) spends no CPU on the stack's logs
    stdio: file === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', file, file],
  });
  if (file !== undefined) fs.closeSync(file);
  const started = Date.now();
  /** @type {Promise<{ code: number | null; signal: string | null }>} */
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  /** @type {string[]} */
  const lines = [];
  /** @type {(() => void) | undefined} */
  let sawReadyLine;
  /** @param {'stdout' | 'stderr'} stream */
  const collect = (stream) => {
    let pending = '';
    return (/** @type {Buffer} */ chunk) => {
      const parts = (pending + chunk.toString('utf8')).split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        if (line === '') continue;
        lines.push(line);
        opts.onLine?.(line, stream);
        if (line.includes(READY_LINE)) sawReadyLine?.();
      }
    };
  };
  child.stdout?.on('data', collect('stdout'));
  child.stderr?.on('data', collect('stderr'));

  /** @type {Promise<{ code: number | null; signal: string | null; seconds: number }> | undefined} */
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      const at = Date.now();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      // a stack that does not stop in time is killed, so no test or bench leaves processes behind
      const killer = setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs ?? 10_000);
      const exit = await exited;
      clearTimeout(killer);
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return { ...exit, seconds: (Date.now() - at) / 1000 };
    })();
    return stopping;
  };

  const timeoutMs = opts.timeoutMs ?? 180_000;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<void>} */
  const readyNow =
    ready === 'stdout'
      ? new Promise((resolve) => (sawReadyLine = resolve))
      : healthy(`http://127.0.0.1:${ports.bff}/api/health`, () => stopping !== undefined);
  try {
    await Promise.race([
      readyNow,
      exited.then((exit) => {
        throw new StackStartError(`it exited with ${exit.signal ?? `code ${exit.code}`}`, exit, lines);
      }),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new StackStartError(`not ready within ${timeoutMs / 1000} s`, null, lines)),
          timeoutMs,
        );
      }),
    ]);
  } catch (err) {
    await stop();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return {
    url: `http://127.0.0.1:${ports.bff}`,
    port: ports.bff,
    portBase: ports.base,
    dataDir,
    pid: /** @type {number} */ (child.pid),
    readySeconds: (Date.now() - started) / 1000,
    lines: () => lines,
    stop,
  };
}

/**
 * Resolves once `url` answers 200, polling every 250 ms: no signal exists when the stack's output
 * goes to a file. Stops polling when `givenUp()` says the stack is being stopped.
 * @param {string} url
 * @param {() => boolean} givenUp
 * @returns {Promise<void>}
 */
async function healthy(url, givenUp) {
  while (!givenUp()) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
