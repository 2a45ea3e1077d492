// Idle memory of `npm start` with the demo canvas: a fresh stack of its own (scripts/start.mjs on
// free ports, its own data folder, LOG_LEVEL info, telemetry on), left idle after its first page
// request, then every process's resident memory from /proc: RSS (what `ps` shows; the Node binary's
// shared pages, about 40 MB, are counted in each of the nine), PSS (shared pages divided among the
// processes sharing them: the sum is the real total) and private anonymous memory. The bench's own
// stack, after the other scenarios' load, is printed beside it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryOf, stackProcesses } from '../lib/procs.mjs';
import { round, row } from '../lib/bench-kit.mjs';

export const name = 'memory';
export const description = 'npm start idle with the demo canvas: RSS, PSS and private memory of each process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IDLE_MS = Number(process.env.MEMORY_IDLE_MS ?? 15_000);
const TARGET_MB = 600;

const free = (port) =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** A base with base..base+10 and base+20 free (services, broker, BFF). */
async function freePorts(from) {
  for (let base = from; base < from + 2000; base += 37) {
    const ports = [...Array.from({ length: 11 }, (_, i) => base + i), base + 20];
    if ((await Promise.all(ports.map(free))).every(Boolean)) return { base, bff: base + 20 };
  }
  throw new Error('no free ports for the memory stack');
}

function measure(dataDir) {
  return stackProcesses(dataDir).map(({ pid, name }) => ({ name, ...memoryOf(pid) }));
}

function table(procs) {
  const total = { rss: 0, pss: 0, anon: 0 };
  const lines = procs.map((p) => {
    for (const k of Object.keys(total)) total[k] += p[k];
    return `${p.name.padEnd(11)} ${p.rss.toFixed(0).padStart(5)} ${p.pss.toFixed(0).padStart(5)} ${p.anon.toFixed(0).padStart(5)}`;
  });
  return {
    total,
    text: [
      'process       RSS   PSS  anon (MB)',
      ...lines,
      `total       ${total.rss.toFixed(0).padStart(5)} ${total.pss.toFixed(0).padStart(5)} ${total.anon.toFixed(0).padStart(5)}`,
    ].join('\n'),
  };
}

export async function run(ctx) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-memory-'));
  const { base, bff } = await freePorts((ctx.portBase ?? 20000) + 100);
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(bff),
      TESSERA_PORT_BASE: String(base),
      DATA_DIR: dataDir,
      TESSERA_SKIP_BUILD: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out = (out + d).slice(-4000)));
  let idle;
  try {
    const started = Date.now();
    while (!out.includes('Tessera is running')) {
      if (child.exitCode !== null || Date.now() - started > 120_000)
        throw new Error('the memory stack did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    // what a first visit asks for, then idle
    const url = `http://127.0.0.1:${bff}`;
    const active = await (await fetch(`${url}/api/canvases/active`)).json();
    const c = active.data[0].canvas_index;
    await (await fetch(`${url}/api/canvas-composite/canvas/${c}/render?preview=true`)).arrayBuffer();
    await (await fetch(`${url}/api/canvas-composite/canvas/${c}/render?preview=false`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    idle = table(measure(dataDir));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  ctx.log(`npm start idle (${IDLE_MS / 1000} s after the first page):\n${idle.text}`);
  const loaded = table(measure(ctx.dataDir));
  ctx.log(`the bench's stack now (after the other scenarios):\n${loaded.text}`);
  return {
    rows: [
      row({
        row: 'npm start idle, total PSS (real resident total)',
        figure: round(idle.total.pss, 0),
        unit: 'MB',
        target: `< ${TARGET_MB} MB`,
        met: idle.total.pss < TARGET_MB,
      }),
      row({
        row: 'npm start idle, sum of RSS (shared pages counted per process)',
        figure: round(idle.total.rss, 0),
        unit: 'MB',
        target: `< ${TARGET_MB} MB`,
        met: idle.total.rss < TARGET_MB,
      }),
      row({
        row: 'bench stack after load, total PSS',
        figure: round(loaded.total.pss, 0),
        unit: 'MB',
      }),
    ],
  };
}
