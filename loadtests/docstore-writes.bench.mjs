/**
 * Micro-benchmark of the embedded document store (`services/embedded/dist`, `npm run build` first)
 * on board-sized documents, as the canvas service writes them: 2401 pixels (two 14 KB colour strings,
 * a 2401-char kinds string, 2401 owners and 2401 sale times), one conditional `replaceOne` per step,
 * alternating a reservation (a pushed reservation, version + 1) and a commit (one pixel sold: owners,
 * soldAt, colours and kinds changed, the reservation gone, the order id appended).
 *
 *   node loadtests/docstore-writes.bench.mjs                        # this worktree's build
 *   DOCSTORE_BENCH_ROOT=/tmp/other-worktree node loadtests/docstore-writes.bench.mjs   # another build (A/B)
 *
 * Settings: DOCSTORE_BENCH_WRITES (default 4000), DOCSTORE_BENCH_BOARDS (16), DOCSTORE_BENCH_SOLD
 * (pixels already sold per board at the start, default 600). Prints, per phase: operations/s, CPU per
 * operation (process.cpuUsage, user + system), GC time (PerformanceObserver), log bytes per write and
 * the snapshots written (compactions), then the reopen (replay) time and a check that the reopened
 * documents equal the live ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.env.DOCSTORE_BENCH_ROOT ?? path.join(here, '..'));
const { createEmbeddedDocumentStore } = await import(path.join(root, 'services/embedded/dist/index.js'));

const intEnv = (name, def) => {
  const v = Number(process.env[name] ?? def);
  if (!Number.isSafeInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
};
const WRITES = intEnv('DOCSTORE_BENCH_WRITES', 4000);
const BOARDS = intEnv('DOCSTORE_BENCH_BOARDS', 16);
const SOLD = Number(process.env.DOCSTORE_BENCH_SOLD ?? 600);
const PIXELS = 2401;

let gcMs = 0;
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
});
gcObserver.observe({ entryTypes: ['gc'] });

const hex = (n) => n.toString(16).toUpperCase().padStart(6, '0');
const user = (i) => `user-${(i * 2654435761) % 100000}-0123456789abcdef`;

function newBoard(b) {
  let defaultColors = '';
  for (let i = 0; i < PIXELS; i++) defaultColors += hex((i * 40503 + b) & 0xffffff);
  const owners = Array.from({ length: PIXELS }, () => null);
  const soldAt = Array.from({ length: PIXELS }, () => 0);
  let currentColors = 'FFFFFF'.repeat(PIXELS);
  let kinds = '-'.repeat(PIXELS);
  const committedOrders = [];
  for (let i = 0; i < SOLD; i++) {
    const o = (i * 7) % PIXELS;
    owners[o] = user(i);
    soldAt[o] = 1_764_000_000_000 + i;
    currentColors = currentColors.slice(0, o * 6) + hex(i * 97) + currentColors.slice(o * 6 + 6);
    kinds = kinds.slice(0, o) + 'c' + kinds.slice(o + 1);
    committedOrders.push(`order-${b}-${i}-0123456789abcdef`);
  }
  return {
    _id: `0:${b}`,
    canvasIndex: 0,
    boardIndex: b,
    defaultColors,
    currentColors,
    owners,
    soldAt,
    soldCount: SOLD,
    version: 0,
    fencingToken: 1,
    reservations: [],
    committedOrders,
    voidedOrders: [],
    kinds,
    lastModified: 1_764_000_000_000,
  };
}

/** The next state of a board, as the canvas's domain functions build it (new top-level values). */
function nextBoard(board, step) {
  const now = 1_765_000_000_000 + step;
  const orderId = `order-${board.boardIndex}-${board.version}-0123456789abcdef`;
  if (board.reservations.length === 0) {
    const offset = board.owners.indexOf(null);
    const reservation = {
      orderId,
      userId: user(step),
      pixels: [{ offset, color: `#${hex(step)}`, isDefault: false }],
      fencingToken: board.fencingToken,
      expiresAt: now + 60_000,
    };
    return {
      ...board,
      reservations: [...board.reservations, reservation],
      version: board.version + 1,
      lastModified: now,
    };
  }
  const r = board.reservations[board.reservations.length - 1];
  const owners = board.owners.slice();
  const soldAt = board.soldAt.slice();
  let currentColors = board.currentColors;
  let kinds = board.kinds;
  for (const p of r.pixels) {
    owners[p.offset] = r.userId;
    soldAt[p.offset] = now;
    currentColors =
      currentColors.slice(0, p.offset * 6) + p.color.slice(1) + currentColors.slice(p.offset * 6 + 6);
    kinds = kinds.slice(0, p.offset) + 'c' + kinds.slice(p.offset + 1);
  }
  return {
    ...board,
    owners,
    soldAt,
    currentColors,
    kinds,
    soldCount: board.soldCount + r.pixels.length,
    reservations: board.reservations.slice(0, -1),
    committedOrders: [...board.committedOrders, r.orderId],
    version: board.version + 1,
    lastModified: now,
  };
}

function filesOf(dir) {
  let logBytes = 0;
  let snapshotGen = 0;
  for (const f of fs.readdirSync(dir)) {
    if (/^boards\.\d+\.log$/.test(f)) logBytes += fs.statSync(path.join(dir, f)).size;
    if (f === 'boards.snapshot') {
      const first = fs.readFileSync(path.join(dir, f), 'utf8').split('\n', 1)[0];
      snapshotGen = JSON.parse(first).gen;
    }
  }
  return { logBytes, snapshotGen };
}

async function measure(name, n, op) {
  const gc0 = gcMs;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    await op(i);
    // a turn of the event loop per operation, as requests arriving over the network give: the
    // store's compaction writes its snapshot asynchronously and would never progress otherwise
    await new Promise((resolve) => setImmediate(resolve));
  }
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await new Promise((r) => setTimeout(r, 20)); // let the GC observer report
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    name,
    n,
    perSecond: Math.round((n / wall) * 1000),
    cpuUsPerOp: Math.round((cpuMs / n) * 1000),
    gcUsPerOp: Math.round(((gcMs - gc0) / n) * 1000),
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-docstore-bench-'));
try {
  const store = await createEmbeddedDocumentStore(dir);
  const boards = await store.collection('boards');
  const local = [];
  for (let b = 0; b < BOARDS; b++) {
    local.push(newBoard(b));
    await boards.insertOne(local[b]);
  }
  const start = filesOf(dir);
  const rows = [];
  let step = 0;
  // warm-up (JIT), not measured
  for (let i = 0; i < 200; i++) {
    const b = i % BOARDS;
    const next = nextBoard(local[b], step++);
    await boards.replaceOne({ _id: next._id, version: local[b].version }, next);
    local[b] = next;
    await new Promise((resolve) => setImmediate(resolve));
  }
  const before = filesOf(dir);
  rows.push(
    await measure('replaceOne (board-sized, reserve/commit)', WRITES, async (i) => {
      const b = i % BOARDS;
      const next = nextBoard(local[b], step++);
      const res = await boards.replaceOne({ _id: next._id, version: local[b].version }, next);
      if (res.matchedCount !== 1) throw new Error('a conditional replace did not match');
      local[b] = next;
    }),
  );
  const after = filesOf(dir);
  rows[0].snapshots = after.snapshotGen - before.snapshotGen;
  rows[0].logBytesPerWrite =
    rows[0].snapshots === 0 ? Math.round((after.logBytes - before.logBytes) / WRITES) : 'n/a';
  rows.push(
    await measure('findOne (whole board)', WRITES, async (i) => {
      const doc = await boards.findOne({ _id: `0:${i % BOARDS}` });
      if (!doc) throw new Error('missing board');
    }),
  );
  rows.push(
    await measure('read + replaceOne (the canvas group commit)', WRITES, async (i) => {
      const b = i % BOARDS;
      const doc = await boards.findOne({ _id: `0:${b}` });
      const next = nextBoard(doc, step++);
      const res = await boards.replaceOne({ _id: next._id, version: doc.version }, next);
      if (res.matchedCount !== 1) throw new Error('a conditional replace did not match');
      local[b] = next;
    }),
  );
  rows.push(
    await measure('updateOne ($set owners.N / soldAt.N, $inc)', WRITES, async (i) => {
      const b = i % BOARDS;
      const offset = (i * 13) % PIXELS;
      await boards.updateOne(
        { _id: `0:${b}` },
        {
          $set: { [`owners.${offset}`]: user(i), [`soldAt.${offset}`]: i },
          $inc: { version: 1, soldCount: 1 },
        },
      );
    }),
  );
  const live = await boards.find({});
  await store.close();
  const t0 = performance.now();
  const reopened = await createEmbeddedDocumentStore(dir);
  const again = await (await reopened.collection('boards')).find({});
  const reopenMs = Math.round(performance.now() - t0);
  await reopened.close();
  const same = isDeepStrictEqual(live, again);
  const end = filesOf(dir);

  console.log(
    `embedded docstore bench: ${root} (${BOARDS} boards, ${SOLD} pixels sold each, ${WRITES} ops per phase)`,
  );
  console.log(`board document: ${JSON.stringify(local[0]).length} bytes of JSON`);
  for (const r of rows) {
    const extra =
      r.logBytesPerWrite !== undefined
        ? `, log ${r.logBytesPerWrite} B/write, ${r.snapshots} compactions`
        : '';
    console.log(
      `${r.name.padEnd(46)} ${String(r.perSecond).padStart(7)}/s  cpu ${String(r.cpuUsPerOp).padStart(5)} us/op  gc ${String(r.gcUsPerOp).padStart(4)} us/op${extra}`,
    );
  }
  console.log(
    `reopen (snapshot gen ${end.snapshotGen}, ${Math.round(end.logBytes / 1024)} KB of log, ${start.logBytes} B at the start): ${reopenMs} ms, documents equal to the live ones: ${same}`,
  );
  if (!same) process.exitCode = 1;
} finally {
  gcObserver.disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
}
