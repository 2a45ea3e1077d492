// Starts the whole product for a benchmark the way `npm start` runs it (scripts/start.mjs: the broker,
// the six services and the BFF as separate processes on loopback), with its own ports and data folder,
// and finds its processes by pid for the CPU and memory figures.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { childrenOf, commandLine } from './procstat.mjs';

/** A process of the stack named from its command line: bff, canvas, ..., broker, or start.mjs. */
export function processName(/** @type {string} */ cmdline) {
  const m = /(?:services\/([a-z]+)|(bff))\/dist\/main\.js/.exec(cmdline);
  if (m) return m[1] ?? m[2] ?? 'node';
  if (/scripts\/start\.mjs/.test(cmdline)) return 'start.mjs';
  if (/redis-server/.test(cmdline)) return 'redis';
  return path.basename(cmdline.split(' ')[0] ?? 'process');
}

/**
 * @typedef {object} Stack
 * @property {string} baseUrl
 * @property {number} pid         scripts/start.mjs
 * @property {string} logFile     every process's output (logs at LOG_LEVEL)
 * @property {() => { pid: number, name: string }[]} processes  start.mjs and its children
 * @property {() => Promise<{ code: number | null, signal: string | null, seconds: number }>} stop
 */

/**
 * Starts `node scripts/start.mjs` and waits until GET /api/health says every service serves.
 * @param {{ root: string, port: number, portBase: number, dataDir: string, env: Record<string, string>, log: (m: string) => void }} opts
 * @returns {Promise<Stack>}
 */
export async function startStack({ root, port, portBase, dataDir, env, log }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'stack.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      TESSERA_PORT_BASE: String(portBase),
      DATA_DIR: dataDir,
    },
    // straight to the file: the runner (the load generator) spends no CPU on the stack's logs
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const pid = /** @type {number} */ (child.pid);
  /** @type {Promise<{ code: number | null, signal: string | null }>} */
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

  /** @type {Map<number, string>} */
  const names = new Map();
  const processes = () => {
    const pids = [pid, ...childrenOf(pid)];
    return pids.map((p) => {
      let name = names.get(p);
      if (!name) {
        name = processName(commandLine(p));
        names.set(p, name);
      }
      return { pid: p, name };
    });
  };

  const started = Date.now();
  const limitMs = 6 * 60_000; // a first build (about 30-60 s here) plus the start
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the stack exited during start (${child.exitCode ?? child.signalCode}); see ${logFile}`,
      );
    if (Date.now() - started > limitMs) {
      child.kill('SIGTERM');
      throw new Error(
        `GET ${baseUrl}/api/health did not answer 200 within ${limitMs / 1000} s; see ${logFile}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${baseUrl} (logs: ${logFile})`);

  return {
    baseUrl,
    pid,
    logFile,
    processes,
    async stop() {
      const at = Date.now();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const r = await exited;
      clearTimeout(timer);
      return { ...r, seconds: (Date.now() - at) / 1000 };
    },
  };
}
