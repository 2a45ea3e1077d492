// Commit to browser: CLIENTS event streams (GET /api/events), each from its own loopback address
// (127.2.x.y: the per-address stream cap of bff/src/hardening/stream-cap.ts counts each as its own
// client; nothing about the cap is relaxed), then single-pixel purchases through the BFF; every
// `pixels` event's arrival at every stream is timed from the commit's own time (`committedAt`, set
// by the canvas service). The cap is checked in the same run: 17 streams from one address, the 17th
// must get 429.
import { BOARD_SIZE } from '@tessera/facts/grid';
import { LIVE_EVENT, LIVE_EVENTS_PATH } from '@tessera/facts/live';
import { activeCanvas, releaseLock, row, userApi } from '../lib/bench-kit.mjs';
import { percentile } from '../lib/client.mjs';
import { clientAddress, openEventStream } from '../lib/event-streams.mjs';
import { buyPixels } from '../../testing/purchase-flow.mjs';

export const name = 'events';
export const description =
  'commit -> arrival at 2,000 event streams from distinct addresses; per-address stream cap';

const CLIENTS = Number(process.env.SSE_CLIENTS ?? 2000);
const COMMITS = Number(process.env.SSE_COMMITS ?? 10);
const PER_CLIENT_CAP = 16;

/** Opens one stream from `localAddress`; `onPixels` gets each `pixels` event with its arrival time. */
function openStream(baseUrl, localAddress, onPixels) {
  return openEventStream(`${baseUrl}${LIVE_EVENTS_PATH}`, {
    localAddress,
    onEvent: (ev) => {
      if (ev.event === LIVE_EVENT.pixels) onPixels(JSON.parse(ev.data), Date.now());
    },
  });
}

export async function run(ctx) {
  const canvas = await activeCanvas(ctx.baseUrl);
  const user = await ctx.signUp();
  const latencies = [];
  const arrivals = new Map(); // committedAt -> count
  const onPixels = (ev, at) => {
    if (ev.canvasIndex !== canvas) return;
    latencies.push(at - ev.committedAt);
    arrivals.set(ev.committedAt, (arrivals.get(ev.committedAt) ?? 0) + 1);
  };
  const streams = [];
  let refused = 0;
  const t0 = performance.now();
  for (let i = 0; i < CLIENTS; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, CLIENTS - i) }, (_, k) =>
        openStream(ctx.baseUrl, clientAddress(i + k), onPixels).catch(() => ({ status: 0, close() {} })),
      ),
    );
    for (const s of batch) {
      if (s.status === 200) streams.push(s);
      else refused++;
    }
  }
  ctx.log(
    `${streams.length} streams open (${refused} refused) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // the cap still holds per address: 16 streams from one address, the 17th refused with 429
  const capped = [];
  for (let i = 0; i <= PER_CLIENT_CAP; i++)
    capped.push(await openStream(ctx.baseUrl, '127.3.0.1', () => undefined));
  const capStatuses = capped.map((s) => s.status);
  for (const s of capped) s.close();
  ctx.log(`one address: ${capStatuses.filter((s) => s === 200).length} x 200, then ${capStatuses.at(-1)}`);

  let failed = 0;
  for (let i = 0; i < COMMITS; i++) {
    try {
      await buyPixels(userApi(ctx.baseUrl, user), {
        canvas,
        board: 500,
        pixels: [{ x: i % BOARD_SIZE, y: 20 }],
      });
    } catch (err) {
      failed++;
      ctx.log(`purchase failed: ${err.message}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await releaseLock(ctx.baseUrl, user, canvas, 500);
  // every stream should have every commit: wait for the last arrivals (bounded)
  const want = streams.length * (COMMITS - failed);
  const deadline = Date.now() + 15_000;
  while (latencies.length < want && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const s of streams) s.close();
  const p99 = percentile(latencies, 99);
  ctx.log(
    `${latencies.length} arrivals of ${want} over ${arrivals.size} commits; p50 ${percentile(latencies, 50)} ms, p99 ${p99} ms, max ${percentile(latencies, 100)} ms`,
  );
  return {
    rows: [
      row({
        row: `commit to browser, ${streams.length} event streams`,
        figure: p99,
        unit: 'ms p99',
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99,
        errors: want - latencies.length + refused + failed,
        target: `p99 < 250 ms at ${CLIENTS} streams`,
        met: p99 !== null && p99 < 250 && latencies.length === want && streams.length === CLIENTS,
      }),
      row({
        row: 'event streams from one address (cap 16)',
        figure: capStatuses.at(-1),
        unit: `status of stream ${PER_CLIENT_CAP + 1}`,
        target: '429',
        met: capStatuses.at(-1) === 429 && capStatuses.slice(0, -1).every((s) => s === 200),
      }),
    ],
  };
}
