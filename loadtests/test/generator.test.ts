// Benchmarks that cannot flatter: a ratio row whose load generator (the bench runner) was above 80%
// of a core is "invalid", never "met" or "not met" (the report decides it from the row's numbers);
// the bare Koa baseline runs in a process of its own, not in the generator's; and the generator sends
// traceparents from a pool built before the load, not one built per request.
import type http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { bareKoa, load, traceparentPool, withGeneratorCpu } from '../lib/bench-kit.mjs';
import { readProcess } from '../lib/procstat.mjs';
import { formatRows, GENERATOR_CPU_LIMIT, judge, type Row } from '../lib/report.mjs';
import { listenLocal, type LocalServer } from './processes.js';

const ratioRow = (over: Partial<Row>): Row => ({
  row: 'cached board read',
  figure: 6000,
  unit: 'req/s',
  p50: 1,
  p95: 2,
  p99: 3,
  errors: 0,
  baseline: 10_000,
  baselineLabel: 'req/s bare Koa',
  ratio: 0.6,
  target: '>= 0.50 of baseline',
  met: true,
  generatorCpu: 50,
  baselineGeneratorCpu: 60,
  ...over,
});

describe('judge: the verdict of a ratio row from its generator CPU', () => {
  it('keeps met / not met while the generator stayed at or below the limit in both phases', () => {
    expect(GENERATOR_CPU_LIMIT).toBe(80);
    expect(judge(ratioRow({})).verdict).toBe('met');
    expect(judge(ratioRow({ met: false, ratio: 0.3 })).verdict).toBe('not met');
    expect(judge(ratioRow({ generatorCpu: 80, baselineGeneratorCpu: 80 })).verdict).toBe('met');
  });

  it('marks the row invalid (met null) when the measured phase saturated the generator', () => {
    const judged = judge(ratioRow({ generatorCpu: 81 }));
    expect(judged.verdict).toBe('invalid');
    expect(judged.met).toBeNull();
  });

  it('marks the row invalid when the baseline phase saturated it, even with a ratio that missed', () => {
    // a client-bound baseline drags the ratio toward 1: neither a pass nor a fail can be read from it
    const judged = judge(ratioRow({ met: false, ratio: 0.4, baselineGeneratorCpu: 97 }));
    expect(judged.verdict).toBe('invalid');
    expect(judged.met).toBeNull();
  });

  it('prints the generator CPU of both phases and INVALID in the table', () => {
    const line = formatRows([judge(ratioRow({ generatorCpu: 99, baselineGeneratorCpu: 45 }))]).split(
      '\n',
    )[2]!;
    expect(line).toMatch(/>= 0.50 of baseline\s+99 \/ 45\s+INVALID$/);
    const ok = formatRows([judge(ratioRow({}))]).split('\n')[2]!;
    expect(ok).toMatch(/>= 0.50 of baseline\s+50 \/ 60\s+yes$/);
  });

  it('leaves a row without a target or generator figures as it was', () => {
    const judged = judge(
      ratioRow({ target: null, met: null, generatorCpu: null, baselineGeneratorCpu: null }),
    );
    expect(judged.verdict).toBeNull();
    expect(formatRows([judged]).split('\n')[2]).toMatch(/-\s+-\s+-$/);
  });
});

describe('the bare Koa baseline', () => {
  it('serves the prebuilt bytes from a child process of its own, whose CPU is its own', async () => {
    const body = Buffer.from('{"data":"the same bytes"}');
    const bare = await bareKoa(body, { 'content-type': 'application/json', etag: '"x"' });
    try {
      expect(bare.pid).toBeGreaterThan(0);
      expect(bare.pid).not.toBe(process.pid);
      // a child of the runner (the generator), not the runner itself
      expect(readProcess(bare.pid)?.ppid).toBe(process.pid);
      const cpu0 = bare.cpuSeconds();
      const r = await load(bare.url, { seconds: 1, connections: 4 });
      expect(r.errors).toBe(0);
      expect(r.requests).toBeGreaterThan(0);
      // the baseline's work shows in the child's CPU time, not only in the runner's
      expect(bare.cpuSeconds()).toBeGreaterThan(cpu0);
      const got = await fetch(bare.url);
      expect(got.headers.get('etag')).toBe('"x"');
      expect(Buffer.from(await got.arrayBuffer()).equals(body)).toBe(true);
    } finally {
      await bare.close();
    }
    expect(readProcess(bare.pid)).toBeNull();
  });
});

describe('the generator', () => {
  let local: LocalServer | undefined;
  afterAll(() => local?.close());

  it('sends traceparents from a pool built before the load: valid, varied, and a fixed set', async () => {
    const seen = new Set<string>();
    local = await listenLocal((req: http.IncomingMessage, res: http.ServerResponse) => {
      seen.add(String(req.headers.traceparent));
      res.end('ok');
    });
    const r = await load(`${local.base}/`, { seconds: 1, connections: 2 });
    expect(r.requests).toBeGreaterThan(seen.size);
    for (const tp of seen) expect(tp).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    // more than one trace, at most the pool's size (256 by default): no new header per request
    expect(seen.size).toBeGreaterThan(1);
    expect(seen.size).toBeLessThanOrEqual(256);
    expect(typeof r.generatorCpu).toBe('number');
    expect(new Set(traceparentPool(64)).size).toBe(64);
  });

  it("reports this process's CPU over the work in % of one core (CPU time / wall time)", async () => {
    // spins until it has used 0.2 s of CPU, however long that takes on a busy machine
    const t0 = performance.now();
    const busy = await withGeneratorCpu(async () => {
      const start = process.cpuUsage();
      for (;;) {
        const u = process.cpuUsage(start);
        if (u.user + u.system >= 200_000) break;
      }
    });
    const wall = (performance.now() - t0) / 1000;
    expect(busy.cpuSeconds).toBeGreaterThanOrEqual(0.2);
    expect(busy.generatorCpu).toBeGreaterThanOrEqual(((busy.cpuSeconds / wall) * 100) | 0);
    const idle = await withGeneratorCpu(() => new Promise((r) => setTimeout(r, 300)));
    expect(idle.cpuSeconds).toBeLessThan(0.2);
  });
});
