#!/usr/bin/env node
// Board locks, measured in one process from the built packages (`npm run build` first): identity
// (embedded store, temp folder), the lock service on REAL Redis (REDIS_URL, default
// redis://127.0.0.1:6379, under a key prefix of its own that is deleted afterwards) and the BFF,
// each on a loopback port 0.
//
//   node loadtests/lock.bench.mjs                 CLIENTS=10 DURATION=10 REDIS_URL=redis://127.0.0.1:6379
//
// Prints, from the same run and the same number of concurrent clients:
// 1. acquire+release pairs per second through the BFF: `POST /api/boards/{c}/{b}/lock` then
//    `DELETE /api/boards/{c}/{b}/lock?explicit=true`, each client a signed-in user on a board of its
//    own (bearer token, CSRF token and cookie), over keep-alive HTTP/1.1;
// 2. raw Redis pairs per second: `SET key token NX PX 300000` then the compare-and-delete release
//    (one EVALSHA), through the kit's Redis adapter on one connection per client;
// 3. their ratio. Not part of `npm test`: the figures are for reading.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} p */
const dist = (p) => path.join(root, p);
for (const f of ['services/lock/dist/setup.js', 'services/identity/dist/setup.js', 'bff/dist/app.js']) {
  if (!fs.existsSync(dist(f))) {
    console.error(`${f} is missing: run \`npm run build\` first`);
    process.exit(2);
  }
}

/** @param {string} name @param {number} fallback @param {number} min @param {number} max */
const intEnv = (name, fallback, min, max) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new RangeError(`${name} must be an integer from ${min} to ${max}`);
  return n;
};
const CLIENTS = intEnv('CLIENTS', 10, 1, 100);
const DURATION = intEnv('DURATION', 10, 1, 60);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!/^redis:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/\d+)?$/.test(REDIS_URL)) {
  console.error('REDIS_URL must be a loopback redis:// URL');
  process.exit(2);
}

const kit = await import('@tessera/kit');
const { IdentityService } = await import('@tessera/proto/tessera/identity/v1/identity_pb.js');
const { createLock } = await import(dist('services/lock/dist/setup.js'));
const { createIdentity } = await import(dist('services/identity/dist/setup.js'));
const { readIdentitySettings } = await import(dist('services/identity/dist/settings.js'));
const { createApp } = await import(dist('bff/dist/app.js'));
const { readBffSettings } = await import(dist('bff/dist/config.js'));
const { createPeers } = await import(dist('bff/dist/peers.js'));

const logger = kit.createLogger('bench', { level: 'warn' });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-lock-bench-'));
const prefix = `bench-lock-${randomBytes(4).toString('hex')}:`;
/** @type {(() => Promise<unknown>)[]} */
const cleanup = [];

/** Runs `pair` in a loop on every client for DURATION seconds; returns pairs per second. */
async function measure(/** @type {((i: number) => Promise<void>)} */ pair) {
  let pairs = 0;
  const until = performance.now() + DURATION * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      while (performance.now() < until) {
        await pair(i);
        pairs++;
      }
    }),
  );
  return pairs / ((performance.now() - started) / 1000);
}

try {
  const bus = kit.createInProcessBus({ logger });
  cleanup.push(() => bus.close());
  // --- identity (tokens) ------------------------------------------------------------------------
  const idStore = await kit.createEmbeddedDocumentStore(path.join(tmp, 'identity'), { logger });
  cleanup.push(() => idStore.close());
  const idEnv = kit.readEnv({});
  const identity = await createIdentity({
    settings: readIdentitySettings(idEnv),
    dataDir: path.join(tmp, 'identity'),
    logger,
    store: idStore,
    kv: kit.createMemoryKeyValueStore(),
  });
  cleanup.push(() => identity.close());
  const idServer = await kit.startRpcServer({
    name: 'identity',
    host: '127.0.0.1',
    port: 0,
    logger,
    routes: identity.routes,
  });
  cleanup.push(() => idServer.close(100));
  // --- lock service on Redis --------------------------------------------------------------------
  const lockKv = await kit.openKeyValueStore({ redisUrl: REDIS_URL, logger, keyPrefix: prefix });
  cleanup.push(() => lockKv.close());
  const lock = createLock({ kv: lockKv, bus, logger });
  cleanup.push(() => lock.close());
  const lockServer = await kit.startRpcServer({
    name: 'lock',
    host: '127.0.0.1',
    port: 0,
    logger,
    routes: lock.routes,
  });
  cleanup.push(() => lockServer.close(100));
  // --- BFF --------------------------------------------------------------------------------------
  const env = { IDENTITY_URL: idServer.url, LOCK_URL: lockServer.url };
  const config = kit.loadConfig('bff', readBffSettings, env);
  const app = createApp({
    logger,
    config,
    peers: createPeers(config.peers, 10_000),
    kv: kit.createMemoryKeyValueStore(),
    bus,
    isShuttingDown: () => false,
    now: () => Date.now(),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  cleanup.push(() => new Promise((r) => (server.closeAllConnections(), server.close(r))));
  const base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;

  // --- users: one per client, each with a bearer token, a CSRF token and its cookie --------------
  const idRpc = kit.createPeerClient(IdentityService, idServer.url, { timeoutMs: 60_000 });
  const tag = randomBytes(3).toString('hex');
  /** @type {{headers: Record<string, string>, board: string}[]} */
  const users = [];
  for (let i = 0; i < CLIENTS; i++) {
    const { session } = await idRpc.register({
      username: `bench_${tag}_${i}`,
      email: `bench.${tag}.${i}@example.com`,
      password: 'Bench-Passw0rd!',
    });
    const res = await fetch(`${base}/api/csrf/csrf-token`);
    const cookie = (res.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
    const { data } = /** @type {{data: {csrfToken: string}}} */ (await res.json());
    users.push({
      headers: {
        authorization: `Bearer ${session?.accessToken}`,
        'x-csrf-token': data.csrfToken,
        cookie,
        origin: base,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      board: `/api/boards/0/${i}/lock`,
    });
  }

  let failures = 0;
  const bffPair = async (/** @type {number} */ i) => {
    const u = /** @type {{headers: Record<string, string>, board: string}} */ (users[i]);
    const a = await fetch(`${base}${u.board}`, {
      method: 'POST',
      headers: u.headers,
      body: '{"duration":5}',
    });
    await a.arrayBuffer();
    const r = await fetch(`${base}${u.board}?explicit=true`, { method: 'DELETE', headers: u.headers });
    const body = /** @type {{released?: boolean}} */ (await r.json());
    if (a.status !== 200 || r.status !== 200 || body.released !== true) failures++;
  };
  await bffPair(0); // preflight
  if (failures > 0) throw new Error('the preflight acquire+release through the BFF failed');

  // --- raw Redis: SET NX PX + compare-and-delete, one connection per client ---------------------
  const raw = await Promise.all(
    Array.from({ length: CLIENTS }, () =>
      kit.openKeyValueStore({ redisUrl: REDIS_URL, logger, keyPrefix: `${prefix}raw:` }),
    ),
  );
  for (const r of raw) cleanup.push(() => r.close());
  let rawFailures = 0;
  const rawPair = async (/** @type {number} */ i) => {
    const token = randomBytes(16).toString('hex');
    const key = `board:${i}`;
    const store = /** @type {import('@tessera/kit').KeyValueStore} */ (raw[i]);
    const ok = await store.setIfAbsent(key, token, 300_000);
    const released = await store.compareAndDelete(key, token);
    if (!ok || !released) rawFailures++;
  };

  const bffRate = await measure(bffPair);
  const rawRate = await measure(rawPair);
  console.log(`clients ${CLIENTS}, ${DURATION} s each, Redis ${REDIS_URL}`);
  console.log(
    `through the BFF (POST lock + DELETE lock):     ${bffRate.toFixed(0).padStart(7)} pairs/s  (${failures} failed)`,
  );
  console.log(
    `raw Redis (SET NX PX + compare-and-delete):    ${rawRate.toFixed(0).padStart(7)} pairs/s  (${rawFailures} failed)`,
  );
  console.log(`ratio raw / BFF: ${(rawRate / bffRate).toFixed(1)}x`);
  process.exitCode = failures + rawFailures > 0 ? 1 : 0;
} finally {
  for (const f of cleanup.reverse()) await f().catch(() => undefined);
  // the lock service leaves its fencing counters (no expiry) and schedules: delete them
  const sweep = await kit.openKeyValueStore({ redisUrl: REDIS_URL, logger, keyPrefix: prefix });
  for (const { key } of await sweep.scan('')) await sweep.del(key);
  for (const key of ['lock:schedule:expiry', 'lock:schedule:warning']) await sweep.del(key);
  await sweep.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
