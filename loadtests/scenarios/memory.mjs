// Idle memory of `npm start` with the demo canvas: a fresh stack of its own (scripts/start.mjs on
// free ports, its own data folder, LOG_LEVEL info, telemetry on), left idle after its first page
// request, then the resident memory of its processes from /proc: RSS (what `ps` shows; the Node
// binary's shared pages, about 35 MB, are counted in each process), PSS (shared pages divided among
// the processes sharing them: the sum is the real total) and private anonymous memory.
// Measured twice: as `npm start` runs by default (one process, a thread per service: the target row)
// and with TESSERA_PROCESS_PER_SERVICE=1 (a process per service, as in Kubernetes: what each service
// holds). The bench's own stack, after the other scenarios' load, is printed beside them.
import { startStack } from '../../scripts/lib/launch-stack.mjs';
import { memoryOf, stackProcesses } from '../../testing/procs.mjs';
import { round, row } from '../lib/bench-kit.mjs';

export const name = 'memory';
export const description =
  'npm start idle with the demo canvas (one process; and a process per service): RSS, PSS and private memory';

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

/** Starts a fresh `npm start` with `env` (embedded defaults, free ports), makes a first visit, waits IDLE_MS and measures it. */
async function idleStack(env) {
  const stack = await startStack({ logLevel: 'info', env });
  try {
    // what a first visit asks for, then idle
    const url = stack.url;
    const active = await (await fetch(`${url}/api/canvases/active`)).json();
    const c = active.data[0].canvas_index;
    await (await fetch(`${url}/api/canvas-composite/canvas/${c}/render?preview=true`)).arrayBuffer();
    await (await fetch(`${url}/api/canvas-composite/canvas/${c}/render?preview=false`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return table(measure(stack.dataDir));
  } finally {
    await stack.stop();
  }
}

export async function run(ctx) {
  const idle = await idleStack({});
  ctx.log(`npm start idle, one process (${IDLE_MS / 1000} s after the first page):\n${idle.text}`);
  const separate = await idleStack({ TESSERA_PROCESS_PER_SERVICE: '1' });
  ctx.log(`npm start idle, a process per service (TESSERA_PROCESS_PER_SERVICE=1):\n${separate.text}`);
  const loaded = table(measure(ctx.dataDir));
  ctx.log(`the bench's stack now (after the other scenarios):\n${loaded.text}`);
  return {
    rows: [
      idleRow('total RSS', idle.total.rss),
      idleRow('total PSS', idle.total.pss),
      row({
        row: 'idle, a process per service: sum of RSS',
        figure: round(separate.total.rss, 0),
        unit: 'MB',
      }),
      row({
        row: 'idle, a process per service: total PSS',
        figure: round(separate.total.pss, 0),
        unit: 'MB',
      }),
      row({
        row: 'bench stack after load, total PSS',
        figure: round(loaded.total.pss, 0),
        unit: 'MB',
      }),
    ],
  };
}
