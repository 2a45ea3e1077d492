import { describe, expect, it } from 'vitest';
import type { EventBus, SubscribeOptions } from '@tessera/kit';
import { canvasClientOf } from '@tessera/renderer/testing';
import { createApp } from '../app.js';
import { testDeps } from '../test/deps.js';
import { sharedBffStack } from '../canvas/test/stack.js';
import { SseClient } from '../canvas/test/sse-client.js';
import { eventRoutesWith } from './events.js';
import { StreamCap } from '../hardening/stream-cap.js';
import { withListening } from '../test/listen.js';
import { busWithSubscribe } from '../test/bus-view.js';

const s = sharedBffStack();
let n = 0;
const commit = (boardIndex: number, x: number) =>
  canvasClientOf(s.stack.canvasCore).commitOrder({
    orderId: `hub-${++n}`,
    canvasIndex: s.canvasIndex,
    boardIndex,
    userId: 'u',
    pixels: [{ x, y: 1, color: '#0A0B0C' }],
  });

/** The bus of the stack, counting the subscriptions made on it. */
function countingBus(bus: EventBus) {
  const subs: SubscribeOptions[] = [];
  const counted = busWithSubscribe(bus, (o) => {
    subs.push(o);
    return bus.subscribe(o);
  });
  return { bus: counted, subs };
}

async function withEvents(
  bus: EventBus,
  fn: (base: string) => Promise<void>,
  keep?: { keepEvents: number },
): Promise<void> {
  const routes = eventRoutesWith({ cap: new StreamCap(100), keep });
  await withListening(createApp(testDeps({ canvas: s.stack.canvasUrl }, { bus }), [routes]), fn);
}

describe('event fan-out', () => {
  it('serves every stream from one bus subscription, with the same bytes for each', async () => {
    const { bus, subs } = countingBus(s.stack.bus);
    await withEvents(bus, async (base) => {
      const clients = await Promise.all(
        Array.from({ length: 20 }, () => SseClient.open(`${base}/api/events`)),
      );
      expect(clients.map((cl) => cl.status)).toEqual(clients.map(() => 200));
      await commit(40, 7);
      const got = await Promise.all(
        clients.map((cl) => cl.waitFor((e) => e.event === 'pixels' && e.data.includes('"boardIndex":40'))),
      );
      expect(new Set(got.map((e) => `${e.id}|${e.data}`)).size).toBe(1);
      expect(subs).toHaveLength(1); // the hub's, not one per stream
      for (const cl of clients) cl.close();
    });
  });

  it('replays a reconnecting client from memory, and gives one resuming from further back its own subscription', async () => {
    const { bus, subs } = countingBus(s.stack.bus);
    await withEvents(
      bus,
      async (base) => {
        const first = await SseClient.open(`${base}/api/events`);
        await commit(41, 1);
        const a = await first.waitFor((e) => e.event === 'pixels' && e.data.includes('"boardIndex":41'));
        first.close();
        await commit(42, 2);
        await commit(43, 3);
        // within the kept events (2): replayed by the hub, no new subscription
        const near = await SseClient.open(`${base}/api/events`, { 'Last-Event-ID': a.id! });
        await near.waitFor((e) => e.data.includes('"boardIndex":43'));
        expect(
          near.events.filter((e) => e.event === 'pixels').map((e) => JSON.parse(e.data).boardIndex),
        ).toEqual([42, 43]);
        expect(subs).toHaveLength(1);
        // from before the kept events: its own subscription, and still everything in order, once
        await commit(44, 4);
        const far = await SseClient.open(`${base}/api/events`, { 'Last-Event-ID': a.id! });
        await far.waitFor((e) => e.data.includes('"boardIndex":44'));
        await commit(45, 5);
        await far.waitFor((e) => e.data.includes('"boardIndex":45'));
        expect(
          far.events.filter((e) => e.event === 'pixels').map((e) => JSON.parse(e.data).boardIndex),
        ).toEqual([42, 43, 44, 45]);
        expect(subs).toHaveLength(2);
        near.close();
        far.close();
      },
      { keepEvents: 2 },
    );
  });
});
