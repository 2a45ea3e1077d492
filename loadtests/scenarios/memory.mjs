// Idle memory of `npm start` with the demo canvas: a fresh stack of its own (scripts/start.mjs on
// free ports, its own data folder, LOG_LEVEL info, telemetry on), left idle after its first page
// request, then every process's resident memory from /proc: RSS (what `ps` shows; the Node binary's
// shared pages, about 40 MB, are counted in each of the nine), PSS (shared pages divided among the
// processes sharing them: the sum is the real total) and private anonymous memory. The bench's own
// stack, after the other scenarios' load, is printed beside it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { memoryOf, stackProcesses } from '../lib/procs.mjs';
import { round, row } from '../lib/bench-kit.mjs';
import { freePorts, startProduct } from '../lib/product.mjs';

export const name = 'memory';
export const description = 'npm start idle with the demo canvas: RSS, PSS and private memory of each process';

const IDLE_MS = Number(process.env.MEMORY_IDLE_MS ?? 15_000);
const TARGET_MB = 600;

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

/** A figure of the idle stack against the target. */
const idleRow = (what, mb) =>
  row({
    row: `npm start idle, ${what}`,
    figure: round(mb, 0),
    unit: 'MB',
    target: `< ${TARGET_MB} MB`,
    met: mb < TARGET_MB,
  });

export async function run(ctx) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-memory-'));
  const { base, bff } = await freePorts((ctx.portBase ?? 20000) + 100);
  let product;
  let idle;
  try {
    product = await startProduct({ port: bff, portBase: base, dataDir, logLevel: 'info', stderr: 'ignore' });
    // what a first visit asks for, then idle
    const url = product.url;
    const active = await (await fetch(`${url}/api/canvases/active`)).json();
    const c = active.data[0].canvas_index;
    await (await fetch(`${url}/api/canvas-composite/canvas/${c}/render?preview=true`)).arrayBuffer();
    await (await fetch(`${url}/api/canvas-composite/canvas/${c}/render?preview=false`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    idle = table(measure(dataDir));
  } finally {
    await product?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  ctx.log(`npm start idle (${IDLE_MS / 1000} s after the first page):\n${idle.text}`);
  const loaded = table(measure(ctx.dataDir));
  ctx.log(`the bench's stack now (after the other scenarios):\n${loaded.text}`);
  return {
    rows: [
      idleRow('total PSS (real resident total)', idle.total.pss),
      idleRow('sum of RSS (shared pages counted per process)', idle.total.rss),
      row({
        row: 'bench stack after load, total PSS',
        figure: round(loaded.total.pss, 0),
        unit: 'MB',
      }),
    ],
  };
}
