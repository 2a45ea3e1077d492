// The whole product as `npm start` runs it (scripts/start.mjs over the built processes, no build
// step) on ports and a data folder of its own: the memory scenario and the integration tests that
// need the running product start it here. Types: product.d.mts.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** True when nothing listens on `port` on loopback. */
export function portFree(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A base with base..base+10 and base+20 free (services, broker, BFF), searched upwards from `from`. */
export async function freePorts(from) {
  for (let base = from; base < from + 2000; base += 37) {
    const ports = [...Array.from({ length: 11 }, (_, i) => base + i), base + 20];
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return { base, bff: base + 20 };
  }
  throw new Error(`no free ports from ${from}`);
}

/**
 * Starts the product and resolves once it prints `Tessera is running` (rejects when it exits first
 * or `timeoutMs` passes; the process is stopped then). Its stderr is inherited or ignored (`stderr`).
 */
export async function startProduct({
  port,
  portBase,
  dataDir,
  logLevel = 'warn',
  stderr = 'inherit',
  timeoutMs = 120_000,
  env = {},
}) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      TESSERA_PORT_BASE: String(portBase),
      DATA_DIR: dataDir,
      TESSERA_SKIP_BUILD: '1',
      LOG_LEVEL: logLevel,
      ...env,
    },
    stdio: ['ignore', 'pipe', stderr],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  let out = '';
  child.stdout.on('data', (d) => (out = (out + d).slice(-4000)));
  const started = Date.now();
  while (!out.includes('Tessera is running')) {
    if (child.exitCode !== null || Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(`the product did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, pid: /** @type {number} */ (child.pid), stop };
}
