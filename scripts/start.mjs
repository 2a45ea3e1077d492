#!/usr/bin/env node
// `npm start`: builds whatever is not built yet, then runs the embedded event broker, the six
// services and the BFF as separate processes talking real gRPC/Connect on loopback.
// Real backends are switched on by environment variables only (MONGODB_URL, REDIS_URL, NATS_URL, ...).
// SIGTERM/SIGINT stop every process gracefully (SIGKILL after 5 s).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildChanged, root } from './workspaces.mjs';

const env = process.env;
const say = (msg) => process.stdout.write(`[tessera] ${msg}\n`);

if (env.TESSERA_SKIP_BUILD !== '1' && !buildChanged()) {
  say('build failed; not starting');
  process.exit(1);
}

// The port table is built with the workspaces (facts/), so it is read once they are.
const { PORTS, SERVICES } = await import('@tessera/facts/ports');
const bffPort = Number(env.PORT ?? PORTS.bff);
const portBase = env.TESSERA_PORT_BASE ? Number(env.TESSERA_PORT_BASE) : undefined; // tests run stacks side by side
const portOf = (name, i) => (portBase ? portBase + i : PORTS[name]);
const busPort = portBase ? portBase + 10 : Number(env.BUS_PORT ?? PORTS.broker);
const host = '127.0.0.1';
const dataDir = path.resolve(root, env.DATA_DIR ?? '.data');

const peerEnv = Object.fromEntries(
  SERVICES.map((s, i) => [`${s.toUpperCase()}_URL`, `http://${host}:${portOf(s, i)}`]),
);
const common = {
  ...env,
  ...peerEnv,
  HOST: host,
  DATA_DIR: dataDir,
  ...(env.NATS_URL ? {} : { BUS_URL: `http://${host}:${busPort}` }),
};

// Idle memory (issue 13; figures in loadtests/README.md, `npm run bench -- memory`): a young
// generation of at most 2 MB per semi-space (V8's default grows it to 16 MB during start-up and keeps
// it: about 10 MB per process), 8 MB for the BFF, whose request path allocates the most (at 1 MB the
// garbage collector took a quarter of its time under load), and two malloc arenas. Source-mapped
// stack traces cost about 12 MB per process (every module's map, node_modules included, is parsed at
// load); the container images run without them too: `NODE_OPTIONS=--enable-source-maps npm start`
// turns them on.
const nodeArgs = (name) => [`--max-semi-space-size=${name === 'bff' ? 8 : 2}`];
common.MALLOC_ARENA_MAX ??= '2';

const children = new Map();
let stopping = false;

function launch(name, script, extraEnv) {
  const child = spawn(
    process.execPath,
    [...nodeArgs(name), '--import', '@tessera/kit/instrument', path.join(root, script)],
    { cwd: root, env: { ...common, ...extraEnv, OTEL_SERVICE_NAME: `tessera-${name}` }, stdio: 'inherit' },
  );
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      say(`${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything`);
      stop(1);
    }
  });
}

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  const killer = setTimeout(() => {
    for (const [name, child] of children) {
      say(`${name} did not stop in 5 s; killing it`);
      child.kill('SIGKILL');
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
SERVICES.forEach((s, i) => launch(s, `services/${s}/dist/main.js`, { PORT: String(portOf(s, i)) }));
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
