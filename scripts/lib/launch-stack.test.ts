/**
 * The stack launcher (launch-stack.mjs) and the port rule (stack-ports.mjs), on a stand-in for
 * start.mjs (fixtures/fake-stack.mjs): the environment of embedded defaults, free port blocks, ready
 * by its line or by /api/health, a stack that exits or hangs before it is ready, and one that ignores
 * SIGTERM. `npm start` itself is tested by scripts/start.test.ts through the same launcher.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { METRICS_ORDER, SERVICES, metricsPorts } from '@tessera/facts/ports';
import {
  BFF_OFFSET,
  BROKER_OFFSET,
  STACK_BLOCK,
  embeddedEnv,
  freePorts,
  portFree,
  startStack,
  StackStartError,
  type RunningStack,
} from './launch-stack.mjs';
import { portsOf } from './stack-ports.mjs';

const FAKE = path.join(import.meta.dirname, 'fixtures/fake-stack.mjs');
const fake = (mode: string) => ({ script: FAKE, env: { FAKE_STACK: mode } });

const running: RunningStack[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

/** Whether the process `pid` still exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('embeddedEnv', () => {
  it('drops what would take a stack off its embedded defaults and keeps the rest', () => {
    const env = embeddedEnv({
      PATH: '/usr/bin',
      LOG_LEVEL: 'debug',
      REDIS_URL: 'redis://x',
      NATS_URL: 'nats://x',
      MONGODB_URL: 'mongodb://x',
      BUS_URL: 'http://x',
      NATS_USER: 'u',
      NATS_PASSWORD: 'p',
      NATS_PASSWORD_CANVAS: 'p',
      SERVICE_KEY: 'k',
      SERVICE_KEY_FILE: 'f',
      SERVICE_JWKS: 'j',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel',
      NODE_OPTIONS: '--import x',
      TESSERA_PROCESS_PER_SERVICE: '1',
      TESSERA_PORT_BASE: '20000',
    });
    expect(env).toEqual({ PATH: '/usr/bin', LOG_LEVEL: 'debug' });
  });
});

describe('ports', () => {
  it('finds a block of free ports: the services and the broker from the base, the BFF after them', async () => {
    const { base, bff } = await freePorts();
    expect(bff).toBe(base + BROKER_OFFSET + 1);
    for (let p = base; p <= bff; p++) expect(await portFree(p)).toBe(true);
  });

  it('skips a block in which one port is taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      // first a block with the taken port as its broker's, then the block after it
      const picks = [port - BROKER_OFFSET, port + 1];
      const { base } = await freePorts(() => picks.shift() ?? port + 100);
      expect(base).toBe(port + 1);
    } finally {
      taken.close();
    }
  });

  it('gives service i the port base + i in the port table order and the broker base + 10', () => {
    expect(portsOf(20_000)).toEqual({
      ...Object.fromEntries(SERVICES.map((s, i) => [s, 20_000 + i])),
      broker: 20_010,
    });
  });

  it('refuses a base whose block does not fit, and more services than ports below the broker', () => {
    expect(() => portsOf(65_530)).toThrow(RangeError);
    expect(() => portsOf(0)).toThrow(RangeError);
    expect(() => portsOf(1.5)).toThrow(RangeError);
    const eleven = Array.from({ length: 11 }, (_, i) => `s${i}`);
    expect(() => portsOf(20_000, eleven)).toThrow(/more services than ports/);
  });
});

describe('startStack', () => {
  it('is ready when the stack prints its line; runs without the real backends; SIGTERM stops it', async () => {
    const before = process.env.REDIS_URL;
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    let stack: RunningStack;
    try {
      stack = await startStack(fake('ready'));
    } finally {
      if (before === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = before;
    }
    running.push(stack);
    expect(stack.lines().join('\n')).toContain(
      `env REDIS_URL=- DATA_DIR=${stack.dataDir} PORT=${stack.port}`,
    );
    expect(stack.url).toBe(`http://127.0.0.1:${stack.port}`);
    expect(fs.existsSync(stack.dataDir)).toBe(true);
    const stopped = await stack.stop();
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(fs.existsSync(stack.dataDir)).toBe(false); // its own temporary folder
    expect(await stack.stop()).toBe(stopped);
  });

  it('is ready when /api/health answers 200, with the output in a file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launch-test-'));
    try {
      const file = path.join(dir, 'stack.log');
      const stack = await startStack({ ...fake('health'), ready: 'health', dataDir: dir, output: { file } });
      running.push(stack);
      expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
      expect(stack.lines()).toEqual([]);
      expect(fs.readFileSync(file, 'utf8')).toContain('env REDIS_URL=');
      await stack.stop();
      expect(fs.existsSync(dir)).toBe(true); // the caller's folder stays
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects with the exit and the output when the stack exits before it is ready', async () => {
    const err = await startStack(fake('crash')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StackStartError);
    expect((err as StackStartError).exit).toEqual({ code: 3, signal: null });
    expect((err as StackStartError).output).toContain('boom');
    expect((err as Error).message).toMatch(/exited with code 3/);
  });

  it('rejects after timeoutMs when the stack never gets ready, and stops it', async () => {
    const err = await startStack({ ...fake('silent'), timeoutMs: 1000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StackStartError);
    expect((err as Error).message).toMatch(/not ready within 1 s/);
    expect((err as StackStartError).exit).toBeNull(); // still running when it was given up, then stopped
    expect((err as StackStartError).output.join('\n')).toContain('env REDIS_URL=');
  });

  it('kills a stack that ignores SIGTERM once killAfterMs has passed', async () => {
    const stack = await startStack({ ...fake('stubborn'), killAfterMs: 300 });
    const stopped = await stack.stop();
    expect(stopped.signal).toBe('SIGKILL');
    expect(stack.lines()).toContain('ignoring SIGTERM');
    expect(alive(stack.pid)).toBe(false);
  });
});

describe('metrics ports of a stack', () => {
  it('lie in the block freePorts checks, after the BFF, one per process', () => {
    const base = 20_000;
    const ports = Object.values(metricsPorts(base));
    expect(new Set(ports).size).toBe(METRICS_ORDER.length);
    for (const p of ports) {
      expect(p).toBeGreaterThan(base + BFF_OFFSET);
      expect(p).toBeLessThan(base + STACK_BLOCK);
    }
  });
});
