#!/usr/bin/env node
// `npm start`: builds whatever is not built yet, then runs the embedded event broker, the six
// services and the BFF as separate processes talking real gRPC/Connect on loopback.
// Real backends are switched on by environment variables only (MONGODB_URL, REDIS_URL, NATS_URL, ...).
// SIGTERM/SIGINT stop every process gracefully (SIGKILL after 5 s).
//
// Service identity: at every start a new Ed25519 key pair per process (the BFF, the six services and
// the operator CLI `ops`). Each child gets its private key (SERVICE_KEY) and every public key
// (SERVICE_JWKS) in its environment; the broker only the public keys. The operator CLI's key is
// written to <DATA_DIR>/keys/ops.key (mode 0600, folder 0700) for `npm run ops` on this machine.
// TESSERA_EXPOSE_KEYS=1 (browser tests only) writes every process's key there, so tests can call a
// service as the process that may. With NATS_URL, NATS_PASSWORD_<PROCESS> (e.g. NATS_PASSWORD_CANVAS)
// makes that process connect as NATS user <process> (see services/kit/src/bus/nats-permissions.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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
  SERVICES.map((s, i) => [`${s.toUpperCase()}_URL`, `http://${host}:${portOf(s, i)}`]),
);
const common = {
  // each child gets its own NATS password only (natsEnv)
  ...Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('NATS_PASSWORD_'))),
  ...peerEnv,
  HOST: host,
  DATA_DIR: dataDir,
  ...(env.NATS_URL ? {} : { BUS_URL: `http://${host}:${busPort}` }),
};

// Idle memory (issue 13; figures in loadtests/README.md, `npm run bench -- memory`): a young
// generation of at most 8 MB per semi-space for the processes on the purchase and lock paths (the BFF,
// canvas, payment, lock and the broker: at 1 MB the garbage collector took a quarter of the BFF's time
// under load, and at 2 MB a lock pair cost 2.65 ms of stack CPU against 2.20 ms at 8 MB in the same
// conditions, for about 50 MB more PSS in all), 2 MB for the others (V8's default grows it to 16 MB
// during start-up and keeps it: about 10 MB per process), and two malloc arenas. Source-mapped
// stack traces cost about 12 MB per process (every module's map, node_modules included, is parsed at
// load); the container images run without them too: `NODE_OPTIONS=--enable-source-maps npm start`
// turns them on.
const HOT_PATH = new Set(['bff', 'canvas', 'payment', 'lock', 'broker']);
const nodeArgs = (name) => [`--max-semi-space-size=${HOT_PATH.has(name) ? 8 : 2}`];
common.MALLOC_ARENA_MAX ??= '2';

const children = new Map();
let stopping = false;

function launch(name, script, extraEnv) {
  const child = spawn(
    process.execPath,
    [...nodeArgs(name), '--import', '@tessera/kit/instrument', path.join(root, script)],
    {
      cwd: root,
      env: {
        ...common,
        ...extraEnv,
        ...identityEnv(name),
        ...natsEnv(name),
        OTEL_SERVICE_NAME: `tessera-${name}`,
      },
      stdio: 'inherit',
    },
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
