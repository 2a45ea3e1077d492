#!/usr/bin/env node
// The benchmark runner: `npm run bench -- <scenario|all> [...]` (loadtests/README.md, "The bench runner").
//
// Starts the whole stack once like `npm start` (scripts/start.mjs: embedded defaults, its own ports
// and data folder, LOG_LEVEL=info and telemetry on as deployed), runs the named scenarios of
// loadtests/scenarios/ one after the other, samples the CPU time and resident memory of every process
// (from /proc by pid) during each scenario and each of its phases, and prints one table per scenario:
// its rows (figure, p50/p95/p99, errors, the baseline measured in the same run, ratio, target) and the
// processes. Exit code 0 when every scenario ran, 1 when one failed, 2 on bad arguments.
//
// Settings (environment): BENCH_DURATION (seconds per measured phase, default 10), BENCH_CONNECTIONS
// (default 10), BENCH_PORT / BENCH_PORT_BASE (the BFF's port and the services' first port, default
// 18380 / 18351; base + 20..29 are free for scenarios), BENCH_REDIS=1 (the stack's key-value store on
// a private redis-server instead of the embedded one), BENCH_JSON=<file> (also write the results as
// JSON), BENCH_BASE_URL (measure an already running stack instead; no process figures but the runner's),
// BENCH_CPU_PROF=<folder> (a CPU profile of every process of the stack per phase, lib/cpu-profile.mjs),
// BENCH_THREADS=1 (the stack as `npm start` runs it by default, one process with a thread per service,
// instead of a process per service), BENCH_WARMUP (seconds of unmeasured load before each closed-loop
// phase of the lock and purchase scenarios, default 3; lib/client.mjs `warmUp`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CookieJar } from '../bff/src/auth/test/cookie-jar.mjs';
import { Client, setCookiesOf } from './lib/client.mjs';
import { intEnv } from './lib/harness.mjs';
import { startStack } from '../scripts/lib/launch-stack.mjs';
import { childrenOf, namedProcesses, readProcess, Sampler } from './lib/procstat.mjs';
import { formatProcesses, formatRows, GENERATOR_CPU_LIMIT, judge } from './lib/report.mjs';
import { startRedisServer } from '../testing/redis-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCENARIO_DIR = process.env.BENCH_SCENARIOS ?? path.join(root, 'loadtests/scenarios');
/** The documented load-test setting of the BFF: sign-up limits x100, said in the output. */
const AUTH_RATE_LIMIT_SCALE = '100';
const ALL_LIMIT_S = 600;

const say = (/** @type {string} */ m) => process.stdout.write(`${m}\n`);

/** lib/harness.mjs `intEnv`, a bad value ending the runner with status 2. */
function intEnvOrExit(/** @type {Parameters<typeof intEnv>} */ ...args) {
  try {
    return intEnv(...args);
  } catch (err) {
    console.error(/** @type {Error} */ (err).message);
    process.exit(2);
  }
}

/** Every scenario file's name (without .mjs), sorted. */
function scenarioNames() {
  return fs
    .readdirSync(SCENARIO_DIR)
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => f.slice(0, -4))
    .sort();
}

/**
 * @typedef {object} Scenario
 * @property {string} name
 * @property {string} description
 * @property {(ctx: any) => Promise<{ rows: import('./lib/report.mjs').Row[] }>} run
 */

/** @param {string} name @returns {Promise<Scenario>} */
async function loadScenario(name) {
  const mod = await import(pathToFileURL(path.join(SCENARIO_DIR, `${name}.mjs`)).href);
  if (typeof mod.run !== 'function' || typeof mod.name !== 'string')
    throw new Error(`loadtests/scenarios/${name}.mjs must export name, description and run(ctx)`);
  return { name: mod.name, description: String(mod.description ?? ''), run: mod.run };
}

/**
 * Signs up new users through the BFF one at a time (password hashing is bounded per source),
 * retrying a 503 or 429 after its Retry-After.
 */
function signUpper(/** @type {string} */ baseUrl, /** @type {string} */ tag) {
  let n = 0;
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  const one = async () => {
    const i = n++;
    const client = new Client(baseUrl);
    try {
      // the HTTP tests' cookie jar: this plain Node script cannot import their Browser (TypeScript)
      const jar = new CookieJar();
      const origin = { origin: baseUrl };
      const t = await client.request('GET', '/api/csrf/csrf-token');
      jar.absorb(setCookiesOf(t));
      let csrf = JSON.parse(t.text).data.csrfToken;
      const body = {
        username: `bench_${tag}_${i}`,
        email: `bench.${tag}.${i}@bench.tessera.test`,
        password: 'Bench-Passw0rd!',
      };
      for (let attempt = 0; ; attempt++) {
        const r = await client.request('POST', '/api/auth/register', body, {
          ...origin,
          cookie: jar.header(),
          'x-csrf-token': csrf,
        });
        if ((r.status === 503 || r.status === 429) && attempt < 20) {
          const wait = Math.min(5, Number(r.headers['retry-after'] ?? 1) || 1);
          await new Promise((res) => setTimeout(res, wait * 1000));
          continue;
        }
        if (r.status !== 201) throw new Error(`sign-up answered ${r.status}: ${r.text.slice(0, 200)}`);
        jar.absorb(setCookiesOf(r));
        const tokens = JSON.parse(r.text);
        // the session cookie is new: a CSRF token bound to it
        const t2 = await client.request('GET', '/api/csrf/csrf-token', undefined, { cookie: jar.header() });
        jar.absorb(setCookiesOf(t2));
        csrf = JSON.parse(t2.text).data.csrfToken;
        return { accessToken: tokens.access_token, csrfToken: csrf, cookie: jar.header(), user: tokens.user };
      }
    } finally {
      client.close();
    }
  };
  return () => {
    const next = queue.then(one, one);
    queue = next.catch(() => undefined);
    return next;
  };
}

/**
 * `npm run bench -- faults`: the fault suite (integration/faults/faults.test.ts) run long, at least
 * FAULTS_MIN_KILLS (default 20) kills over FAULTS_SECONDS (default 240); its output as it runs.
 */
function runFaults() {
  const env = {
    ...process.env,
    FAULTS_SECONDS: process.env.FAULTS_SECONDS ?? '240',
    FAULTS_MIN_KILLS: process.env.FAULTS_MIN_KILLS ?? '20',
  };
  say(
    `fault suite, long: ${env.FAULTS_SECONDS} s of kills, at least ${env.FAULTS_MIN_KILLS} (integration/faults/)`,
  );
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', 'integration/faults/faults.test.ts'], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main() {
  const args = process.argv.slice(2);
  const known = scenarioNames();
  if (args.length === 0 || args.includes('--help') || args.includes('--list')) {
    say('usage: npm run bench -- <scenario|all> [scenario ...] | soak | faults');
    say(`scenarios: ${known.join(', ') || '(none)'}`);
    say('on demand, not in all: soak (BENCH_SOAK_MINUTES, default 30), faults (the fault suite, long)');
    process.exit(args.length === 0 ? 2 : 0);
  }
  if (args.length === 1 && args[0] === 'faults') {
    process.exitCode = await runFaults();
    return;
  }
  if (args.length === 1 && args[0] === 'soak') {
    const { runSoak } = await import('./soak.mjs');
    process.exitCode = await runSoak({
      signUpper,
      port: intEnvOrExit('BENCH_PORT', 18380, 1024, 65000),
      portBase: intEnvOrExit('BENCH_PORT_BASE', 18351, 1024, 65000),
    });
    return;
  }
  const wanted = args.includes('all') ? known : args;
  const unknown = wanted.filter((w) => !known.includes(w));
  if (unknown.length > 0) {
    console.error(`unknown scenario(s): ${unknown.join(', ')}; known: ${known.join(', ')}`);
    process.exit(2);
  }
  const durationSeconds = intEnvOrExit('BENCH_DURATION', 10, 1, 60);
  const connections = intEnvOrExit('BENCH_CONNECTIONS', 10, 1, 100);
  const port = intEnvOrExit('BENCH_PORT', 18380, 1024, 65000);
  const portBase = intEnvOrExit('BENCH_PORT_BASE', 18351, 1024, 65000);
  const external = process.env.BENCH_BASE_URL;
  const threads = process.env.BENCH_THREADS === '1';
  const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
  const runStarted = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
  const tag = Date.now().toString(36);
  /** @type {(() => Promise<unknown>)[]} */
  const cleanup = [];
  /** @type {any[]} */
  const results = [];
  let failed = 0;

  say(
    `tessera bench: ${wanted.join(', ')} (${durationSeconds} s per measured phase, ${connections} connections)`,
  );
  say(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} before the run, Node ${process.version}`,
  );
  try {
    let baseUrl = external ?? '';
    /** @type {null | { pid: number, processes: () => { pid: number, name: string }[] }} */
    let stack = null;
    /** @type {string | null} */
    let redisUrl = null;
    /** The private redis-server the stack uses (BENCH_REDIS=1): its CPU counts as the stack's. */
    /** @type {number | null} */
    let stackRedisPid = null;
    if (!external) {
      // A process per service (TESSERA_PROCESS_PER_SERVICE=1), as Kubernetes runs them: the CPU, memory
      // and profiles of each service are its process's. BENCH_THREADS=1 measures `npm start`'s default
      // instead, one process with a thread per service (its figures are the one process's).
      /** @type {Record<string, string>} */
      const env = {
        AUTH_RATE_LIMIT_SCALE,
        // every virtual user signs up from 127.0.0.1
        NEW_ACCOUNT_LIMIT_SCALE: '1000',
        TESSERA_PROCESS_PER_SERVICE: threads ? '0' : '1',
      };
      // the launcher starts stacks without an exporter; the bench passes the one it is asked for
      if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT)
        env.OTEL_EXPORTER_OTLP_ENDPOINT = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      if (profileDir) {
        fs.mkdirSync(profileDir, { recursive: true });
        const hook = pathToFileURL(path.join(root, 'loadtests/lib/cpu-profile.mjs')).href;
        env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import ${hook}`.trim();
        env.BENCH_CPU_PROF = profileDir;
      }
      if (process.env.BENCH_REDIS === '1') {
        const redis = await startRedisServer(portBase + 20);
        if (!redis) throw new Error('BENCH_REDIS=1 needs a redis-server binary');
        cleanup.push(() => redis.stop());
        redisUrl = redis.url;
        stackRedisPid = redis.pid;
        env.REDIS_URL = redis.url;
      }
      // the stack's output straight to a file (the runner spends no CPU on it); ready when GET
      // /api/health answers 200 (6 minutes: a first build, about 30-60 s here, plus the start)
      const logFile = path.join(dataDir, 'stack.log');
      const s = await startStack({
        port,
        portBase,
        dataDir,
        build: true,
        // every process's service key under <data folder>/keys (a throw-away folder), for the
        // scenarios that call a service directly as the process the trust table allows
        exposeKeys: true,
        logLevel: 'info',
        env,
        ready: 'health',
        output: { file: logFile },
        timeoutMs: 6 * 60_000,
      });
      say(`stack ready in ${s.readySeconds.toFixed(1)} s at ${s.url} (logs: ${logFile})`);
      cleanup.push(async () => {
        const r = await s.stop();
        say(`stack stopped in ${r.seconds.toFixed(1)} s (exit ${r.signal ?? r.code})`);
      });
      /** @type {Map<number, string>} */
      const names = new Map();
      stack = { pid: s.pid, processes: () => namedProcesses([s.pid, ...childrenOf(s.pid)], names) };
      baseUrl = s.url;
      say(
        `stack: scripts/start.mjs (${threads ? "one process, a thread per service: npm start's default" : 'a process per service'}), ${redisUrl ? `key-value store on a private redis-server (${redisUrl})` : 'embedded stores'}, ` +
          `LOG_LEVEL=info (logs to ${logFile}), telemetry on (spans created; none exported without ` +
          `OTEL_EXPORTER_OTLP_ENDPOINT), AUTH_RATE_LIMIT_SCALE=${AUTH_RATE_LIMIT_SCALE} (test-only: sign-up limits x${AUTH_RATE_LIMIT_SCALE} for the bench users)`,
      );
    } else say(`measuring the running stack at ${external} (process figures: the runner only)`);

    const processes = () => {
      const own = namedProcesses(childrenOf(process.pid).filter((pid) => pid !== stack?.pid));
      return [...(stack ? stack.processes() : []), { pid: process.pid, name: 'bench runner (load)' }, ...own];
    };
    const signUp = signUpper(baseUrl, tag);

    /** Tells every Node process of the stack to profile (`run <label>`) or to stop (BENCH_CPU_PROF). */
    const profiles = (/** @type {string} */ state) => {
      if (!profileDir || !stack) return;
      fs.writeFileSync(path.join(profileDir, 'state'), state);
      for (const p of stack.processes())
        if (p.name !== 'start.mjs' && p.name !== 'redis') process.kill(p.pid, 'SIGUSR2');
    };

    for (const name of wanted) {
      const scenario = await loadScenario(name);
      const sampler = new Sampler(processes, 250, {
        start: (label) => profiles(`run ${name}-${label}`),
        end: () => profiles('stop'),
      });
      const t0 = Date.now();
      say(`\n== ${scenario.name}: ${scenario.description}`);
      let phased = false;
      const ctx = {
        baseUrl,
        dataDir,
        portBase,
        durationSeconds,
        connections,
        redisUrl,
        log: (/** @type {string} */ m) => say(`   ${scenario.name}: ${m}`),
        signUp,
        /** CPU seconds used so far by the stack's processes (not the runner): per-operation CPU cost. */
        stackCpuSeconds: () =>
          [
            ...(stack ? stack.processes().map((p) => p.pid) : []),
            ...(stackRedisPid ? [stackRedisPid] : []),
          ].reduce((sum, pid) => sum + (readProcess(pid)?.cpuSeconds ?? 0), 0),
        /**
         * CPU seconds used so far by the stack's processes of that name (`bff`, `canvas`, ...); null
         * when there is none (`BENCH_THREADS=1`: every service is a thread of one process, whose
         * threads Node 20 cannot tell apart).
         */
        processCpuSeconds: (/** @type {string} */ processName) => {
          const named = (stack ? stack.processes() : []).filter((p) => p.name === processName);
          if (named.length === 0) return null;
          return named.reduce((sum, p) => sum + (readProcess(p.pid)?.cpuSeconds ?? 0), 0);
        },
        /** Starts a named measurement window for the process figures (optional). */
        phase: (/** @type {string} */ label) => {
          sampler.phase(label);
          if (!phased) sampler.phases.length = 0; // the set-up before the first phase is not shown
          phased = true;
        },
      };
      /** @type {any} */
      const entry = { name: scenario.name, description: scenario.description };
      try {
        if (!phased) sampler.phase('scenario');
        const out = await scenario.run(ctx);
        const phases = sampler.stop();
        // each row judged from its numbers: "invalid" when the generator was above the limit
        entry.rows = out.rows.map((r) => judge(r));
        entry.phases = phases;
        say(formatRows(out.rows));
        say('');
        say(formatProcesses(phases.filter((p) => p.seconds >= 0.5)));
      } catch (err) {
        sampler.stop();
        failed++;
        entry.error = err instanceof Error ? (err.stack ?? err.message) : String(err);
        say(`   FAILED: ${entry.error}`);
      }
      entry.seconds = (Date.now() - t0) / 1000;
      say(`   (${scenario.name} took ${entry.seconds.toFixed(1)} s)`);
      results.push(entry);
    }
  } catch (err) {
    failed++;
    say(`bench FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  } finally {
    for (const f of cleanup.reverse()) await f().catch((e) => say(`cleanup: ${e}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const total = (Date.now() - runStarted) / 1000;
  const rows = results.flatMap((r) => r.rows ?? []);
  const notMet = rows.filter((r) => r.verdict === 'not met').map((r) => r.row);
  const invalid = rows.filter((r) => r.verdict === 'invalid').map((r) => r.row);
  say(
    `\nbench finished in ${total.toFixed(0)} s${wanted.length === known.length ? ` (all: limit ${ALL_LIMIT_S} s, ${total < ALL_LIMIT_S ? 'met' : 'NOT met'})` : ''}`,
  );
  say(
    `targets: ${rows.filter((r) => r.verdict === 'met').length} met, ${notMet.length} not met${notMet.length ? `: ${notMet.join('; ')}` : ''}; ${invalid.length} invalid${invalid.length ? ` (load generator above ${GENERATOR_CPU_LIMIT}% of a core: ${invalid.join('; ')})` : ''}; ${failed} scenario(s) failed`,
  );
  if (process.env.BENCH_JSON)
    fs.writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify({ at: new Date(runStarted).toISOString(), seconds: total, results }, null, 2),
    );
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
