#!/usr/bin/env node
// The canvas path, measured in one process: the canvas service (embedded store in a temp folder,
// demo canvas), the renderer and the BFF, each on a loopback port 0, sharing an in-process bus.
// Runs from the built packages: `npm run build` first (or build proto, kit, canvas, renderer, bff).
//
//   node loadtests/canvas.bench.mjs            CONNECTIONS=10 DURATION=10 SSE_CLIENTS=100 COMMITS=30
//
// Prints: render time cold and cached per format and scale (RenderComposite over HTTP/2), board
// pixels requests/s through the BFF (autocannon), and the time from a commit to its arrival at the
// connected event-stream clients (median and p99). Not part of `npm test`: timing is for reading.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './lib/client.mjs';
import { clientAddress, openEventStream } from './lib/event-streams.mjs';
import { formatTable, intEnv, runScenario } from './lib/harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} p */
const dist = (p) => path.join(root, p);
for (const f of ['services/canvas/dist/routes.js', 'services/renderer/dist/routes.js', 'bff/dist/app.js']) {
  if (!fs.existsSync(dist(f))) {
    console.error(`${f} is missing: run \`npm run build\` first`);
    process.exit(2);
  }
}

const kit = await import('@tessera/kit');
const embedded = await import('@tessera/embedded');
const { LIVE_EVENT, LIVE_EVENTS_PATH } = await import('@tessera/facts/live');
const { CanvasService } = await import('@tessera/proto/tessera/canvas/v1/canvas_pb.js');
const { RendererService, ImageFormat } = await import('@tessera/proto/tessera/renderer/v1/renderer_pb.js');
const { routes: canvasRoutes } = await import(dist('services/canvas/dist/routes.js'));
const { createCanvas } = await import(dist('services/canvas/dist/setup.js'));
const { routes: rendererRoutes } = await import(dist('services/renderer/dist/routes.js'));
const { startRenderer } = await import(dist('services/renderer/dist/setup.js'));
const { createApp } = await import(dist('bff/dist/app.js'));
const { readBffSettings } = await import(dist('bff/dist/config.js'));
const { createPeers } = await import(dist('bff/dist/peers.js'));

const CONNECTIONS = intEnv('CONNECTIONS', 10, 1, 100);
const DURATION = intEnv('DURATION', 10, 1, 60);
const SSE_CLIENTS = intEnv('SSE_CLIENTS', 100, 1, 500);
const COMMITS = intEnv('COMMITS', 30, 1, 500);
const SCALES = (process.env.SCALES ?? '1,2,4').split(',').map(Number);

/** @param {number | null} t */
const ms = (t) => (t === null ? '-' : `${t.toFixed(1)} ms`);

const logger = kit.createLogger('bench', { level: 'warn' });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
const bus = embedded.createInProcessBus({ logger });
const store = await embedded.createEmbeddedDocumentStore(tmp, { logger });
const cleanup = [];

try {
  // --- services ---------------------------------------------------------------------------------
  let t = performance.now();
  const canvasCore = await createCanvas({ store, bus, logger });
  await canvasCore.ensureDemoCanvas();
  console.log(`demo canvas created in ${ms(performance.now() - t)}`);
  const canvasServer = await kit.startRpcServer({
    name: 'canvas',
    host: '127.0.0.1',
    port: 0,
    logger,
    routes: canvasRoutes(canvasCore),
  });
  cleanup.push(() => canvasServer.close(100));
  const canvas = kit.createPeerClient(CanvasService, canvasServer.url, { timeoutMs: 60_000 });
  const c = (await canvas.getActiveCanvas({})).canvas?.canvasIndex ?? 1;
  const renderer = await startRenderer({
    canvas,
    bus,
    logger,
    durable: 'renderer-bench',
    warmDelayMs: -1,
    prebuild: false,
  });
  cleanup.push(() => renderer.close());
  const rendererServer = await kit.startRpcServer({
    name: 'renderer',
    host: '127.0.0.1',
    port: 0,
    logger,
    routes: rendererRoutes(renderer.core),
  });
  cleanup.push(() => rendererServer.close(100));
  const peers = createPeers(
    {
      ...kit.loadConfig('bff', readBffSettings, {}).peers,
      canvas: canvasServer.url,
      renderer: rendererServer.url,
    },
    60_000,
  );
  const config = kit.loadConfig('bff', readBffSettings, {
    CANVAS_URL: canvasServer.url,
    RENDERER_URL: rendererServer.url,
  });
  const app = createApp({
    logger,
    config,
    peers,
    kv: embedded.createMemoryKeyValueStore(),
    bus,
    isShuttingDown: () => false,
    now: () => Date.now(),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  cleanup.push(
    () =>
      /** @type {Promise<void>} */ (
        new Promise((r) => {
          server.closeAllConnections();
          server.close(() => r());
        })
      ),
  );
  const base = `http://127.0.0.1:${server.address().port}`;

  // --- 1. render times ----------------------------------------------------------------------------
  const rendererClient = kit.createPeerClient(RendererService, rendererServer.url, { timeoutMs: 60_000 });
  t = performance.now();
  await renderer.core.frames.get(c);
  console.log(`frame built from StreamBoards in ${ms(performance.now() - t)}\n`);
  const rows = [];
  /** @type {[string, number, number][]} */
  const formats = [
    ['webp q95', ImageFormat.WEBP, 95],
    ['webp lossless', ImageFormat.WEBP, 100],
    ['png', ImageFormat.PNG, 95],
  ];
  for (const preview of [false, true]) {
    for (const [name, format, quality] of formats) {
      for (const scale of SCALES) {
        const req = { canvasIndex: c, format, scale, quality, grid: false, preview };
        t = performance.now();
        const first = await rendererClient.renderComposite(req);
        const cold = performance.now() - t;
        const cached = [];
        for (let i = 0; i < 5; i++) {
          t = performance.now();
          await rendererClient.renderComposite(req);
          cached.push(performance.now() - t);
        }
        const image = `${preview ? 'preview' : 'live'} ${name} x${scale}`;
        rows.push({ image, bytes: first.image?.data.length ?? 0, cold, cached: percentile(cached, 50) });
      }
    }
  }
  console.log(
    'render (RenderComposite over HTTP/2; demo canvas; live = nothing sold yet, preview = the artwork)',
  );
  console.log(
    ['image'.padEnd(24), 'bytes'.padStart(10), 'cold'.padStart(12), 'cached p50'.padStart(12)].join(' '),
  );
  for (const r of rows)
    console.log(
      [
        r.image.padEnd(24),
        String(r.bytes).padStart(10),
        ms(r.cold).padStart(12),
        ms(r.cached).padStart(12),
      ].join(' '),
    );

  // --- 2. board pixels through the BFF ----------------------------------------------------------
  const result = await runScenario({
    name: 'GET /api/pixels/canvas/{c}/board/312',
    baseUrl: base,
    path: `/api/pixels/canvas/${c}/board/312`,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
  });
  console.log(`\n${formatTable([result])}`);

  // --- 3. commit -> event-stream clients ----------------------------------------------------------
  const arrivals = new Map(); // orderId -> arrival times
  /** @type {{ close: () => void }[]} */
  const streams = [];
  let ready = 0;
  // each stream from its own loopback address: the BFF allows 16 streams per client address
  // (bff/src/hardening/stream-cap.ts), and a browser is one client
  await Promise.all(
    Array.from({ length: SSE_CLIENTS }, async (_, i) => {
      const stream = await openEventStream(`${base}${LIVE_EVENTS_PATH}`, {
        localAddress: clientAddress(i),
        onEvent: (ev) => {
          if (ev.event !== LIVE_EVENT.pixels) return;
          const now = performance.now();
          const { boardIndex, pixels } = JSON.parse(ev.data);
          const key = `${boardIndex}:${pixels[0].x}`;
          (arrivals.get(key) ?? arrivals.set(key, []).get(key)).push(now);
        },
      }).catch(() => null);
      if (!stream) return;
      streams.push(stream);
      if (stream.status === 200) ready++;
    }),
  );
  await new Promise((r) => setTimeout(r, 300)); // every stream subscribed
  const latencies = [];
  for (let i = 0; i < COMMITS; i++) {
    const boardIndex = 400 + (i % 100);
    const x = Math.floor(i / 100);
    const key = `${boardIndex}:${x}`;
    const started = performance.now();
    await canvas.commitOrder({
      orderId: `bench-${i}`,
      canvasIndex: c,
      boardIndex,
      userId: 'bench',
      pixels: [{ x, y: 0, color: '#336699' }],
    });
    const deadline = Date.now() + 5000;
    while ((arrivals.get(key)?.length ?? 0) < ready && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 2));
    for (const at of arrivals.get(key) ?? []) latencies.push(at - started);
  }
  for (const stream of streams) stream.close();
  console.log(
    `\ncommit -> ${ready} event-stream clients (${COMMITS} commits, ${latencies.length} arrivals of ${COMMITS * ready}): ` +
      `median ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`,
  );
} finally {
  for (const f of cleanup.reverse()) await f().catch?.(() => undefined);
  await bus.close();
  await store.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
