// The bench runner's parts (tables, /proc sampling, latency percentiles, the closed loop, profile
// summaries) and the runner end to end against a local server with fixture scenarios. The runner
// starting the whole stack is exercised by `npm run bench` itself, not here (it takes minutes).
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Latencies, closedLoop, percentile, setCookiesOf } from '../lib/client.mjs';
import { processName } from '../../testing/procs.mjs';
import { parseStat, readProcess, Sampler } from '../lib/procstat.mjs';
import { summarise } from '../lib/profile-summary.mjs';
import { columns, formatProcesses, formatRows, num } from '../lib/report.mjs';
import { listenLocal, runScript, type LocalServer } from './processes.js';

const BENCH = fileURLToPath(new URL('../bench.mjs', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/scenarios', import.meta.url));
let local: LocalServer;
let base: string;

beforeAll(async () => {
  local = await listenLocal((req, res) => {
    const ok = req.url === '/ok';
    res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json', 'set-cookie': ['a=1; Path=/'] });
    res.end(JSON.stringify({ ok }));
  });
  base = local.base;
});

afterAll(() => local.close());

const runBench = (args: string[], env: Record<string, string>) => runScript(BENCH, args, env, 60_000);

describe('report', () => {
  it('prints figures with sensible precision and a dash for none', () => {
    expect([num(1234.5), num(56.78), num(3.14159), num(0.01234), num(0), num(null)]).toEqual([
      '1235',
      '56.8',
      '3.14',
      '0.012',
      '0',
      '-',
    ]);
  });

  it('aligns columns: labels left, figures right', () => {
    expect(
      columns(
        ['name', 'n'],
        [
          ['a', '1'],
          ['long name', '100'],
        ],
      ).split('\n'),
    ).toEqual(['name         n', '---------  ---', 'a            1', 'long name  100']);
  });

  it('prints a row with its baseline, ratio, target and verdict', () => {
    const text = formatRows([
      {
        row: 'lock pairs',
        figure: 812.4,
        unit: 'pairs/s',
        p50: 4.2,
        p95: 9.9,
        p99: 15,
        errors: 0,
        baseline: 9000,
        baselineLabel: 'pairs/s raw Redis',
        ratio: 0.09,
        target: '>= 1000 pairs/s',
        met: false,
      },
    ]);
    const line = text.split('\n')[2]!;
    for (const part of [
      'lock pairs',
      '812 pairs/s',
      '4.20',
      '9.90',
      '15.0',
      '9000 pairs/s raw Redis',
      '0.090',
      '>= 1000 pairs/s',
      'NO',
    ])
      expect(line).toContain(part);
  });

  it('prints each process per phase with the totals and the machine', () => {
    const proc = (name: string, pid: number, cpu: number, rss: number) => ({
      name,
      pid,
      cpuPercent: cpu,
      rssMaxMb: rss,
      rssEndMb: rss,
    });
    const text = formatProcesses([
      {
        label: 'a',
        seconds: 10,
        cores: 2,
        machineBusyPercent: 50,
        processes: [proc('bff', 1, 40, 100), proc('lock', 2, 20, 80)],
      },
      { label: 'b', seconds: 5, cores: 2, machineBusyPercent: 10, processes: [proc('bff', 1, 5, 101)] },
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^process \(pid\)\s+a cpu %\s+rss MB\s+b cpu %\s+rss MB$/);
    expect(lines.find((l) => l.startsWith('bff (1)'))).toMatch(/40\s+100\s+5\s+101$/);
    expect(lines.find((l) => l.startsWith('lock (2)'))).toMatch(/20\s+80\s+-\s+-$/);
    expect(lines.find((l) => l.startsWith('all of the above'))).toMatch(/60\s+180\s+5\s+101$/);
    // 50% of 2 cores busy = 100% of one core
    expect(lines.find((l) => l.startsWith('machine busy'))).toMatch(/100\s+20$/);
  });
});

describe('procstat', () => {
  it('parses /proc/<pid>/stat, also with spaces and parentheses in the command name', () => {
    const fields = ['S', '41', ...Array(9).fill('0'), '250', '50', ...Array(8).fill('0'), '1234'];
    expect(parseStat(`99 (node (bench) x) ${fields.join(' ')}`)).toEqual({
      ppid: 41,
      cpuTicks: 300,
      rssPages: 1234,
    });
    expect(parseStat('garbage')).toBeNull();
  });

  it('reads this process and samples CPU used in a phase', async () => {
    const me = readProcess(process.pid);
    expect(me?.ppid).toBe(process.ppid);
    expect(me!.rssBytes).toBeGreaterThan(10 * 1024 * 1024);
    const sampler = new Sampler(() => [{ pid: process.pid, name: 'test' }], 50);
    const before = process.cpuUsage();
    sampler.phase('busy');
    const until = Date.now() + 300;
    while (Date.now() < until); // burn CPU for 300 ms of wall time (as much as the machine gives)
    sampler.phase('idle');
    const used = process.cpuUsage(before);
    await new Promise((r) => setTimeout(r, 300));
    const [busy, idle] = sampler.stop();
    expect(busy!.label).toBe('busy');
    // the CPU time the sampler saw is the process's own account of it (ticks of 10 ms)
    const seen = (busy!.processes[0]!.cpuPercent * busy!.seconds) / 100;
    expect(Math.abs(seen - (used.user + used.system) / 1e6)).toBeLessThan(0.05);
    expect(idle!.processes[0]!.cpuPercent).toBeLessThan(busy!.processes[0]!.cpuPercent);
    expect(readProcess(2 ** 22 + 12345)).toBeNull();
  });

  it('names the stack processes from their command lines', () => {
    const node = '/usr/bin/node --enable-source-maps --import @tessera/kit/instrument';
    expect(processName(`${node} /w/services/lock/dist/main.js`)).toBe('lock');
    expect(processName(`${node} /w/services/broker/dist/main.js`)).toBe('broker');
    expect(processName(`${node} /w/bff/dist/main.js`)).toBe('bff');
    expect(processName('/usr/bin/node /w/scripts/start.mjs')).toBe('start.mjs');
    expect(processName('/usr/bin/redis-server 127.0.0.1:26380')).toBe('redis');
    expect(processName('/usr/bin/node /w/loadtests/lib/bare-koa.mjs /tmp/x')).toBeNull();
  });
});

describe('client', () => {
  it('gives nearest-rank percentiles', () => {
    const l = new Latencies();
    for (let i = 100; i >= 1; i--) l.add(i);
    expect(l.summary()).toEqual({ p50: 50, p95: 95, p99: 99 });
    expect(new Latencies().percentile(50)).toBeNull();
    // the same definition for a plain list, which it leaves as it was
    const values = [4, 1, 3, 2];
    expect([0, 25, 50, 51, 75, 100].map((q) => percentile(values, q))).toEqual([1, 1, 2, 3, 3, 4]);
    expect(values).toEqual([4, 1, 3, 2]);
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 99)).toBe(7);
  });

  it('runs a closed loop for the given time, counting failures apart', async () => {
    let n = 0;
    const r = await closedLoop({
      workers: 3,
      durationSeconds: 0.3,
      iteration: async () => {
        await new Promise((res) => setTimeout(res, 5));
        n++;
        if (n % 4 === 0) throw new Error('every fourth fails');
        return n % 4 !== 1 || n > 1; // never false after the first
      },
    });
    expect(r.iterations + r.errors).toBe(n);
    expect(r.errors).toBeGreaterThan(0);
    expect(r.samples[0]).toBe('every fourth fails');
    expect(r.latencies.count).toBe(r.iterations);
    expect(r.seconds).toBeGreaterThanOrEqual(0.3);
  });

  it('keeps cookies and refuses a non-loopback target', async () => {
    const c = new Client(base);
    const reply = await c.request('GET', '/ok');
    expect(reply.status).toBe(200);
    expect(setCookiesOf(reply)).toEqual(['a=1; Path=/']);
    await expect(c.json('GET', '/missing')).rejects.toThrow(/answered 404/);
    c.close();
    expect(() => new Client('http://example.com')).toThrow(/only 127.0.0.1/);
  });
});

describe('profile summary', () => {
  it('sums self time by package and function, and inclusive time of our own code', () => {
    const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 5] },
        { id: 2, callFrame: frame('handler', 'file:///w/bff/dist/routes/boards.js'), children: [3] },
        { id: 3, callFrame: frame('verify', 'file:///w/node_modules/jose/dist/x.js'), children: [] },
        { id: 5, callFrame: frame('(idle)', ''), children: [] },
      ],
      samples: [3, 3, 2, 5, 5],
      timeDeltas: [1000, 1000, 2000, 6000, 0],
    };
    const text = summarise(profile, 5);
    expect(text).toContain('busy 4 ms of 10 ms profiled');
    expect(text).toMatch(/2 ms\s+50.0%\s+jose/);
    expect(text).toMatch(/4 ms\s+100.0%\s+handler bff\/routes\/boards.js:1/);
  });
});

describe('bench.mjs', () => {
  it('runs the named scenarios against a running stack and prints one table each; a failing one is reported', async () => {
    const { code, output } = await runBench(['echo', 'broken'], {
      BENCH_BASE_URL: base,
      BENCH_SCENARIOS: FIXTURES,
    });
    expect(output).toContain(`measuring the running stack at ${base}`);
    expect(output).toContain('== echo: requests to a local test server');
    expect(output).toMatch(/echo requests\s+\d+ req\/s/);
    expect(output).toMatch(/req\/s imagined limit\s+0.50\s+>= 1 req\/s\s+12 \/ 9\s+yes/);
    expect(output).toMatch(/saturated generator.*>= 1 req\/s\s+95 \/ 40\s+INVALID/);
    expect(output).toMatch(/process \(pid\)\s+requests cpu %\s+rss MB\s+idle cpu %\s+rss MB/);
    expect(output).toContain('bench runner (load)');
    expect(output).toContain('echo: done');
    expect(output).toContain('FAILED: Error: this scenario is broken on purpose');
    expect(output).toMatch(
      /targets: 1 met, 0 not met; 1 invalid \(load generator above 80% of a core: echo requests, saturated generator\); 1 scenario\(s\) failed/,
    );
    expect(code).toBe(1);
  });

  it('refuses an unknown scenario and lists the known ones', async () => {
    const { code, output } = await runBench(['nope'], { BENCH_BASE_URL: base, BENCH_SCENARIOS: FIXTURES });
    expect(output).toContain('unknown scenario(s): nope; known: broken, echo');
    expect(code).toBe(2);
  });
});
