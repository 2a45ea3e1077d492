/**
 * The canvas service as a real OS process, started the way `npm start` starts it
 * (`node --enable-source-maps --import @tessera/kit/instrument services/canvas/dist/main.js`) on a
 * fixed loopback port and data folder, so it can be SIGKILLed and restarted on the same store.
 * Without NATS_URL and BUS_URL the process uses an in-process event bus (kit `openEventBus`), so no
 * broker is needed; MONGODB_URL is removed too, so the embedded file-backed store is what is tested.
 * Like every service process it runs with its service identity (SERVICE_KEY, SERVICE_JWKS from
 * test keys); the test's clients sign each call as a process the trust table allows for it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@connectrpc/connect';
import { createPeerClient } from '@tessera/kit';
import { sleep, testIdentities } from '@tessera/kit/testing';
import {
  Health,
  HealthCheckResponse_ServingStatus as ServingStatus,
} from '@tessera/proto/grpc/health/v1/health_pb.js';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MAIN = path.join(ROOT, 'services', 'canvas', 'dist', 'main.js');
const INSTRUMENT = path.join(ROOT, 'services', 'kit', 'dist', 'telemetry', 'instrument.js');

/** Throws a clear message when the build output this test runs is missing. */
export function requireBuild(): void {
  for (const file of [MAIN, INSTRUMENT]) {
    if (!fs.existsSync(file))
      throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`);
  }
}

/** Listens on `port` (0: any) and closes again; resolves with the port, or undefined when taken. */
function probe(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const { port: got } = server.address() as net.AddressInfo;
      server.close(() => resolve(got));
    });
  });
}

/**
 * A free loopback port for every start of the process. It is picked below the kernel's ephemeral
 * range, so no other test's listen(0) or outgoing connection can take it while the process is down.
 */
export async function freePort(): Promise<number> {
  let low = 32768;
  try {
    low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    // not Linux: the usual start of the range
  }
  if (low > 12_000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = await probe(10_000 + Math.floor(Math.random() * (low - 11_000)));
      if (port !== undefined) return port;
    }
  }
  const port = await probe(0);
  if (port === undefined) throw new Error('no free loopback port');
  return port;
}

/** Variables that would switch the process to real backends or exporters (not what is tested here). */
const DROPPED_ENV = [
  'MONGODB_URL',
  'NATS_URL',
  'BUS_URL',
  'REDIS_URL',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'NODE_OPTIONS',
];

/**
 * A pino line at level error or fatal, or output that is neither a log line nor a Node process
 * warning (a stack trace). Process warnings are not errors: connect's server adds one abort listener
 * per request in flight to its shutdown signal, so more than 10 concurrent calls print a
 * MaxListenersExceededWarning although every listener is removed when its call ends.
 */
function isErrorLine(line: string): boolean {
  if (/^\(node:\d+\) \w*Warning\b/.test(line) || line.startsWith('(Use `node --trace-warnings')) return false;
  try {
    const { level } = JSON.parse(line) as { level?: unknown };
    return level === 'error' || level === 'fatal' || (typeof level === 'number' && level >= 50);
  } catch {
    return true;
  }
}

export type CanvasClient = Client<typeof CanvasService>;

/** The service keys of the process and of the callers the test plays. */
const IDS = testIdentities();

interface Incarnation {
  child: ChildProcess;
  exited: Promise<void>;
  killedByUs: boolean;
}

export class CanvasProcess {
  readonly url: string;
  /** Exits the test did not cause (a crash): each one fails the test. */
  readonly crashes: string[] = [];
  /** Lines the process logged at level error or fatal (none are expected). */
  readonly errorLines: string[] = [];
  /** Milliseconds from spawn to SERVING of each start that got there. */
  readonly startMs: number[] = [];
  kills = 0;
  starts = 0;
  /** Set by stop(): whoever waits for the process gives up. */
  closed = false;
  private spawnedAt = 0;
  private current: Incarnation | undefined;
  private canvas: CanvasClient;
  private output: string[] = [];
  private upWaiters: (() => void)[] = [];
  private up = false;

  constructor(
    private readonly dataDir: string,
    readonly port: number,
    /** Extra environment of the process (e.g. LOCK_URL). */
    private readonly extraEnv: Record<string, string> = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.canvas = this.newClient();
  }

  private newClient(): CanvasClient {
    return createPeerClient(CanvasService, this.url, { timeoutMs: 15_000, identity: IDS.allowed() });
  }

  /** A client of the current incarnation (a fresh HTTP/2 connection after every restart). */
  client(): CanvasClient {
    return this.canvas;
  }

  /** Resolves at once while the process serves (or after stop()), else when the next start reports SERVING. */
  whenUp(): Promise<void> {
    return this.up || this.closed
      ? Promise.resolve()
      : new Promise((resolve) => this.upWaiters.push(resolve));
  }

  /** The last lines the process wrote (for failure messages). */
  tail(lines = 30): string {
    return this.output.slice(-lines).join('\n');
  }

  /** Spawns the process; `ready` waits for health SERVING and the active (demo) canvas. */
  spawn(): void {
    if (this.current) throw new Error('the canvas process is already running');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      METRICS_PORT: '0', // any free port: parallel runs never collide on the default
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      LOG_LEVEL: 'warn',
      ...IDS.env('canvas'),
    };
    for (const name of DROPPED_ENV) delete env[name];
    Object.assign(env, this.extraEnv);
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', '--import', '@tessera/kit/instrument', MAIN],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const generation = ++this.starts;
    const incarnation: Incarnation = {
      child,
      killedByUs: false,
      exited: new Promise((resolve) => {
        child.once('error', (err) => {
          this.crashes.push(`start ${generation} could not spawn: ${err.message}`);
          if (this.current === incarnation) this.current = undefined;
          resolve();
        });
        child.once('exit', (code, signal) => {
          if (!incarnation.killedByUs)
            this.crashes.push(
              `start ${generation} (pid ${child.pid}) exited by itself: ${signal ?? `code ${code}`}`,
            );
          if (this.current === incarnation) {
            this.current = undefined;
            this.up = false;
          }
          resolve();
        });
      }),
    };
    const collect = (stream: NodeJS.ReadableStream | null) => {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) this.noteLine(generation, line);
      });
    };
    collect(child.stdout);
    collect(child.stderr);

    this.current = incarnation;
    this.spawnedAt = Date.now();
    this.canvas = this.newClient();
  }

  private noteLine(generation: number, line: string): void {
    if (!line) return;
    this.output.push(`[${generation}] ${line}`);
    if (this.output.length > 500) this.output.splice(0, this.output.length - 200);
    if (isErrorLine(line)) this.errorLines.push(`[${generation}] ${line}`);
  }

  /**
   * Waits until the process reports SERVING and serves the active canvas; throws with its output if
   * not. The bound only catches a hang: a start takes a second or two, but much longer on a loaded machine.
   */
  async ready(timeoutMs = 120_000): Promise<void> {
    const incarnation = this.current;
    if (!incarnation) throw new Error('the canvas process is not running');
    const health = createPeerClient(Health, this.url, { timeoutMs: 2_000 });
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      if (this.current !== incarnation)
        throw new Error(`the canvas process exited while starting (${last}):\n${this.tail()}`);
      try {
        const res = await health.check({ service: '' });
        if (res.status === ServingStatus.SERVING) {
          const active = await this.canvas.getActiveCanvas({});
          if (active.canvas) {
            this.startMs.push(Date.now() - this.spawnedAt);
            this.up = true;
            for (const wake of this.upWaiters.splice(0)) wake();
            return;
          }
          last = 'no active canvas';
        } else last = `health ${ServingStatus[res.status]}`;
      } catch (err) {
        last = (err as Error).message;
      }
      await sleep(50);
    }
    throw new Error(
      `the canvas process did not report SERVING within ${timeoutMs} ms (${last}):\n${this.tail()}`,
    );
  }

  async start(): Promise<void> {
    this.spawn();
    await this.ready();
  }

  /** SIGKILLs the running process and waits until it has exited (reaped). */
  async kill(): Promise<void> {
    if (this.current) this.kills++;
    await this.killNow();
  }

  private async killNow(): Promise<void> {
    const incarnation = this.current;
    if (!incarnation) return;
    this.up = false;
    incarnation.killedByUs = true;
    if (incarnation.child.pid !== undefined && incarnation.child.exitCode === null) {
      try {
        process.kill(incarnation.child.pid, 'SIGKILL');
      } catch {
        // already gone; 'exit' follows
      }
    }
    await incarnation.exited;
  }

  /** Cleanup: kills the process if it still runs, and releases anyone waiting for it. */
  async stop(): Promise<void> {
    this.closed = true;
    await this.killNow();
    for (const wake of this.upWaiters.splice(0)) wake();
  }
}
