// Board locks through the BFF beside raw Redis pairs, with the same number of concurrent clients.
//
// 1. `through the BFF`: CLIENTS signed-in users (one board each on the active canvas, boards 0..n-1)
//    loop over `POST /api/boards/{c}/{b}/lock {duration: 5}` + `DELETE /api/boards/{c}/{b}/lock?explicit=true`
//    (bearer token, CSRF token and cookie, one keep-alive connection each, like a browser). Each pair
//    must answer 200 and `released: true`.
// 2. `raw Redis` (the baseline): the same number of clients loop over `SET key token NX PX 300000` +
//    the compare-and-delete release (one EVALSHA), one connection each, through the kit's Redis adapter:
//    the stack's own Redis with BENCH_REDIS=1, else a private redis-server the scenario starts
//    (port base + 21), else REDIS_URL / 127.0.0.1:6379 under a key prefix it deletes afterwards.
//
// BENCH_LOCK_CLIENTS (default 20) sets the number of clients of both phases. Each phase starts after
// BENCH_WARMUP seconds (default 3) of the same load, not measured: on a fresh stack the first seconds
// include the JIT's optimisation of the hot paths (two 10 s phases in a row on one fresh stack without
// it: 922 and 1,157 pairs/s, 1.52 and 1.18 ms of stack CPU per pair), and a server runs warm.
import { randomBytes } from 'node:crypto';
import { activeCanvas } from '../lib/bench-kit.mjs';
import { closedLoop, signedInClient, warmUp } from '../lib/client.mjs';
import { intEnv } from '../lib/harness.mjs';
import { startRedisServer } from '../../testing/redis-server.mjs';

export const name = 'lock';
export const description =
  'lock acquire + release pairs through the BFF (one user and board per client) beside raw Redis SET NX + release pairs';

const TARGET = 1000;

/** @param {any} ctx */
export async function run(ctx) {
  const clients = intEnv('BENCH_LOCK_CLIENTS', 20, 1, 100);
  const canvas = await activeCanvas(ctx.baseUrl);

  ctx.log(`signing up ${clients} users`);
  const users = [];
  for (let i = 0; i < clients; i++) users.push(await ctx.signUp());
  const conns = users.map((u) => signedInClient(ctx.baseUrl, u));

  /** @param {number} w */
  const pair = async (w) => {
    const c = /** @type {import('../lib/client.mjs').Client} */ (conns[w]);
    const lock = `/api/boards/${canvas}/${w}/lock`;
    const a = await c.request('POST', lock, { duration: 5 });
    if (a.status !== 200) throw new Error(`acquire answered ${a.status}: ${a.text.slice(0, 200)}`);
    const r = await c.request('DELETE', `${lock}?explicit=true`);
    if (r.status !== 200 || !r.text.includes('"released":true'))
      throw new Error(`release answered ${r.status}: ${r.text.slice(0, 200)}`);
    return true;
  };
  // one pair each first: a stack that refuses fails here, before any figure
  await Promise.all(conns.map((_, w) => pair(w)));
  await warmUp({ workers: clients, iteration: pair, log: ctx.log });

  ctx.phase('through the BFF');
  // the processes a pair goes through: their CPU per pair is printed beside the stack's
  const hops = ['bff', 'lock', 'broker'];
  const hop0 = hops.map((p) => ctx.processCpuSeconds(p));
  const cpu0 = ctx.stackCpuSeconds();
  const bff = await closedLoop({ workers: clients, durationSeconds: ctx.durationSeconds, iteration: pair });
  const cpuPerPair = ((ctx.stackCpuSeconds() - cpu0) * 1000) / Math.max(1, bff.iterations);
  // per hop only with a process per service (BENCH_THREADS=1 runs every service in one process)
  const perHop = hops.flatMap((p, i) => {
    const now = ctx.processCpuSeconds(p);
    const from = hop0[i];
    if (now === null || from === null || from === undefined) return [];
    return [`${p} ${(((now - from) * 1000) / Math.max(1, bff.iterations)).toFixed(2)} ms`];
  });
  ctx.log(
    `CPU per pair: ${perHop.length ? `${perHop.join(', ')} (of ` : '('}${cpuPerPair.toFixed(2)} ms for the stack)`,
  );
  for (const c of conns) c.close();
  if (bff.samples.length) ctx.log(`errors: ${bff.samples.join(' | ')}`);

  // --- the baseline: raw Redis pairs ----------------------------------------------------------
  const kit = await import('@tessera/kit');
  const logger = kit.createLogger('bench', { level: 'warn' });
  /** @type {(() => Promise<unknown>)[]} */
  const cleanup = [];
  let redisUrl = ctx.redisUrl;
  let where = "the stack's redis-server";
  if (!redisUrl) {
    const own = await startRedisServer(ctx.portBase + 21);
    if (own) {
      cleanup.push(() => own.stop());
      redisUrl = own.url;
      where = 'a private redis-server';
    } else {
      redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
      where = redisUrl;
    }
  }
  const prefix = `bench-lock-${randomBytes(4).toString('hex')}:`;
  let raw;
  try {
    const stores = await Promise.all(
      Array.from({ length: clients }, () => kit.openKeyValueStore({ redisUrl, logger, keyPrefix: prefix })),
    );
    for (const s of stores) cleanup.push(() => s.close());
    /** @param {number} w */
    const rawPair = async (w) => {
      const store = /** @type {import('@tessera/kit').KeyValueStore} */ (stores[w]);
      const token = randomBytes(16).toString('hex');
      const ok = await store.setIfAbsent(`board:${w}`, token, 300_000);
      const released = await store.compareAndDelete(`board:${w}`, token);
      return ok && released;
    };
    await warmUp({ workers: clients, iteration: rawPair, log: ctx.log, label: 'raw Redis' });
    ctx.phase('raw Redis');
    raw = await closedLoop({ workers: clients, durationSeconds: ctx.durationSeconds, iteration: rawPair });
  } finally {
    for (const f of cleanup.reverse()) await f().catch(() => undefined);
  }
  ctx.log(`raw Redis on ${where}, ${clients} connections; BFF store: ${ctx.redisUrl ? 'Redis' : 'embedded'}`);

  const s = bff.latencies.summary();
  return {
    rows: [
      {
        row: 'lock acquire + release through the BFF',
        figure: bff.rate,
        unit: 'pairs/s',
        ...s,
        errors: bff.errors,
        baseline: raw.rate,
        baselineLabel: 'pairs/s raw Redis SET NX + release',
        ratio: bff.rate / raw.rate,
        target: `>= ${TARGET} pairs/s`,
        met: bff.errors === 0 && bff.rate >= TARGET,
        generatorCpu: bff.generatorCpu,
        baselineGeneratorCpu: raw.generatorCpu,
      },
      {
        // the stack's CPU time per pair does not depend on what else runs on the machine
        row: 'stack CPU per pair (all processes, not the load)',
        figure: cpuPerPair,
        unit: 'ms',
        p50: null,
        p95: null,
        p99: null,
        errors: null,
        baseline: null,
        baselineLabel: null,
        ratio: null,
        target: `<= ${(2000 / TARGET).toFixed(1)} ms (2 cores / ${TARGET} pairs/s)`,
        met: null,
      },
      {
        row: 'raw Redis SET NX PX + compare-and-delete',
        figure: raw.rate,
        unit: 'pairs/s',
        ...raw.latencies.summary(),
        errors: raw.errors,
        baseline: null,
        baselineLabel: null,
        ratio: null,
        target: null,
        met: null,
      },
    ],
  };
}
