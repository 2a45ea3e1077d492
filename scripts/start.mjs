#!/usr/bin/env node
// `npm start`: builds whatever is not built yet, then runs the embedded event broker, the six
// services and the BFF, each on its own loopback port, talking real gRPC/Connect to one another.
// Real backends are switched on by environment variables only (MONGODB_URL, REDIS_URL, NATS_URL, ...).
//
// One process, a worker thread per service (the default): each thread runs the service's own
// `dist/main.js` with its own environment, exactly as its container does, but the Node binary, its
// libraries and the process around them are there once instead of nine times (issue 13: idle memory,
// `npm run bench -- memory`). TESSERA_PROCESS_PER_SERVICE=1 runs them as separate processes instead,
// as Kubernetes does (the benchmarks use it to attribute CPU per service). Either way SIGTERM/SIGINT
// stop every service gracefully (forced after 5 s), and when one service ends, everything stops.
//
// Service identity: at every start a new Ed25519 key pair per process (the BFF, the six services and
// the operator CLI `ops`). Each child gets its private key (SERVICE_KEY) and every public key
// (SERVICE_JWKS) in its environment; the broker only the public keys. The operator CLI's key is
// written to <DATA_DIR>/keys/ops.key (mode 0600, folder 0700) for `npm run ops` on this machine.
// TESSERA_EXPOSE_KEYS=1 (browser tests only) writes every process's key there, so tests can call a
// service as the process that may. With NATS_URL, NATS_PASSWORD_<PROCESS> (e.g. NATS_PASSWORD_CANVAS)
// makes that process connect as NATS user <process> (see services/kit/src/bus/nats-permissions.ts).
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import path from 'node:path';
import { buildChanged, root } from './workspaces.mjs';

const env = process.env;
const say = (msg) => process.stdout.write(`[tessera] ${msg}\n`);

if (env.TESSERA_SKIP_BUILD !== '1' && !buildChanged()) {
  say('build failed; not starting');
  process.exit(1);
}

// The port table is built with the workspaces (services/facts/), so it is read once they are.
const { PORTS, SERVICES, metricsPorts } = await import('@tessera/facts/ports');
const { portsOf } = await import('./lib/stack-ports.mjs');
const bffPort = Number(env.PORT ?? PORTS.bff);
// tests run stacks side by side: TESSERA_PORT_BASE moves every service and the broker (one rule)
const ports = env.TESSERA_PORT_BASE
  ? portsOf(Number(env.TESSERA_PORT_BASE))
  : { ...PORTS, broker: Number(env.BUS_PORT ?? PORTS.broker) };
const busPort = ports.broker;
// each process's metrics port (GET /metrics), moved with the port base too (@tessera/facts/ports)
const metricsPortOf = metricsPorts(env.TESSERA_PORT_BASE ? Number(env.TESSERA_PORT_BASE) : undefined);
const host = '127.0.0.1';
const dataDir = path.resolve(root, env.DATA_DIR ?? '.data');

// One key pair per process, new at every start (all processes start together).
const { generateServiceKey, jwksOf, localKeyFile } = await import('@tessera/kit/service-keys');
const CALLERS = ['bff', ...SERVICES, 'ops'];
const keys = Object.fromEntries(CALLERS.map((name) => [name, generateServiceKey(name)]));
const jwks = jwksOf(CALLERS.map((name) => keys[name].publicJwk));
const keysDir = path.dirname(localKeyFile(dataDir, 'ops'));
fs.mkdirSync(keysDir, { recursive: true, mode: 0o700 });
fs.chmodSync(keysDir, 0o700);
const written = env.TESSERA_EXPOSE_KEYS === '1' ? CALLERS : ['ops'];
for (const name of CALLERS) {
  const file = localKeyFile(dataDir, name);
  if (written.includes(name)) fs.writeFileSync(file, keys[name].privateKeyPem, { mode: 0o600 });
  else fs.rmSync(file, { force: true }); // left by an earlier start with TESSERA_EXPOSE_KEYS
}
fs.writeFileSync(path.join(keysDir, 'jwks.json'), jwks, { mode: 0o644 });
/** The identity variables of a child: its key (not the broker's: it calls nobody) and the public keys. */
const identityEnv = (name) => ({
  SERVICE_KEY: name === 'broker' ? '' : keys[name].privateKeyPem,
  SERVICE_KEY_FILE: '',
  SERVICE_JWKS: jwks,
});
/** NATS_USER / NATS_PASSWORD of a child when NATS_PASSWORD_<NAME> is set (a NATS with users). */
const natsEnv = (name) => {
  const password = env[`NATS_PASSWORD_${name.toUpperCase()}`];
  return env.NATS_URL && password ? { NATS_USER: name, NATS_PASSWORD: password } : {};
};

const peerEnv = Object.fromEntries(
  SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://${host}:${ports[s]}`]),
);
const common = {
  // each child gets its own NATS password only (natsEnv)
  // and its own METRICS_PORT (one for all would stop every process but the first)
  ...Object.fromEntries(
    Object.entries(env).filter(([k]) => !k.startsWith('NATS_PASSWORD_') && k !== 'METRICS_PORT'),
  ),
  ...peerEnv,
  HOST: host,
  DATA_DIR: dataDir,
  ...(env.NATS_URL ? {} : { BUS_URL: `http://${host}:${busPort}` }),
};

// Idle memory (issue 13; figures in loadtests/README.md, `npm run bench -- memory`): a young
// generation of at most 8 MB per semi-space for the services on the purchase and lock paths (canvas,
// payment, lock and the broker; at 1 MB the garbage collector took a quarter of the BFF's time under
// load, and at 2 MB a lock pair cost 2.65 ms of stack CPU against 2.20 ms at 8 MB in the same
// conditions, for about 50 MB more PSS in all), 16 MB for the BFF (a lock pair after the 2,000-stream
// scenario: 0.69 ms of its CPU against 0.73 ms at 8 MB; idle memory the same, as the young generation
// grows only under load), 2 MB for the others (V8's default grows it to 16 MB during start-up and keeps
// it: about 10 MB per service), and two malloc arenas for separate processes (glibc reads the variable
// when a process starts: the threads' one process runs with its default, and is measured so). glibc's
// fixed malloc thresholds (lib/malloc-tunables.mjs) come from package.json's start script (or the
// launcher of the tests and benchmarks) and are inherited by every process started here.
// Source-mapped stack traces cost about 12 MB per service (every module's map, node_modules included,
// is parsed at load); the container images run without them too:
// `NODE_OPTIONS=--enable-source-maps npm start` turns them on.
const SEMI_SPACE_MB = { bff: 16, canvas: 8, payment: 8, lock: 8, broker: 8 };
const semiSpaceMb = (name) => SEMI_SPACE_MB[name] ?? 2;
common.MALLOC_ARENA_MAX ??= '2';
const PROCESS_PER_SERVICE = env.TESSERA_PROCESS_PER_SERVICE === '1';
// TESSERA_RESTART_KILLED=1 (the fault suite, integration/faults/, with a process per service): a
// process that dies of SIGKILL is started again on its port with its key, as Kubernetes restarts a
// container; any other unexpected end still stops everything.
const RESTART_KILLED = PROCESS_PER_SERVICE && env.TESSERA_RESTART_KILLED === '1';

/** A running service: `stop()` asks it to shut down gracefully, `kill()` ends it now. */
function startProcess(name, script, childEnv, onExit) {
  const child = spawn(
    process.execPath,
    [
      `--max-semi-space-size=${semiSpaceMb(name)}`,
      '--import',
      '@tessera/kit/instrument',
      path.join(root, script),
    ],
    { cwd: root, env: childEnv, stdio: 'inherit' },
  );
  child.on('exit', (code, signal) => onExit(signal ?? `code ${code}`));
  return { stop: () => child.kill('SIGTERM'), kill: () => child.kill('SIGKILL') };
}

// The message the kit's onShutdownSignal takes for SIGTERM in a worker thread (THREAD_SHUTDOWN_MESSAGE).
const { THREAD_SHUTDOWN_MESSAGE } = await import('@tessera/kit/thread-shutdown');

function startThread(name, script, childEnv, onExit) {
  const worker = new Worker(path.join(root, 'scripts/service-thread.mjs'), {
    env: childEnv,
    workerData: { main: path.join(root, script) },
    argv: [],
    execArgv: [],
    // V8's young generation is three semi-spaces (two, and the large-object space beside them)
    resourceLimits: { maxYoungGenerationSizeMb: 3 * semiSpaceMb(name) },
  });
  // an error that ends the thread (its own handlers log what they catch): 'exit' follows
  worker.on('error', (err) => say(`${name} failed: ${err?.stack ?? err}`));
  worker.on('exit', (code) => onExit(`code ${code}`));
  return { stop: () => worker.postMessage(THREAD_SHUTDOWN_MESSAGE), kill: () => void worker.terminate() };
}

const children = new Map();
let stopping = false;

function launch(name, script, extraEnv) {
  const childEnv = {
    ...common,
    ...extraEnv,
    ...identityEnv(name),
    ...natsEnv(name),
    OTEL_SERVICE_NAME: `tessera-${name}`,
    METRICS_PORT: String(metricsPortOf[name]),
  };
  const start = PROCESS_PER_SERVICE ? startProcess : startThread;
  const child = start(name, script, childEnv, (how) => {
    children.delete(name);
    if (!stopping && RESTART_KILLED && how === 'SIGKILL') {
      say(`${name} was killed (SIGKILL); starting it again`);
      launch(name, script, extraEnv);
    } else if (!stopping) {
      say(`${name} exited unexpectedly (${how}); stopping everything`);
      stop(1);
    }
  });
  children.set(name, child);
}

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.stop();
  const killer = setTimeout(() => {
    for (const [name, child] of children) {
      say(`${name} did not stop in 5 s; killing it`);
      child.kill();
    }
  }, 5000);
  const done = setInterval(() => {
    if (children.size === 0) {
      clearInterval(done);
      clearTimeout(killer);
      process.exit(exitCode);
    }
  }, 50);
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

if (!env.NATS_URL) launch('broker', 'services/broker/dist/main.js', { BUS_PORT: String(busPort) });
SERVICES.forEach((s) => launch(s, `services/${s}/dist/main.js`, { PORT: String(ports[s]) }));
launch('bff', 'bff/dist/main.js', { PORT: String(bffPort) });

// Announce the URL once every service reports SERVING through the BFF.
const url = `http://localhost:${bffPort}`;
const started = Date.now();
(async function announce() {
  while (!stopping) {
    try {
      const res = await fetch(`http://127.0.0.1:${bffPort}/api/health`);
      if (res.ok) {
        say(`Tessera is running at ${url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
})();
