import { describe, expect, it } from 'vitest';
import { create, toBinary } from '@bufbuild/protobuf';
import {
  LockChangedSchema,
  LockChangeKind,
  PixelsCommittedSchema,
} from '@tessera/proto/tessera/events/v1/events_pb.js';
import { canvasClientOf } from '@tessera/renderer/testing';
import { createApp } from '../app.js';
import type { BffDeps } from '../deps.js';
import { testDeps } from '../test/deps.js';
import { sharedBffStack } from '../canvas/test/stack.js';
import { SseClient } from '../canvas/test/sse-client.js';
import { eventRoutes, eventRoutesWith } from './events.js';
import { withListening } from '../test/listen.js';
import { busWithSubscribe } from '../test/bus-view.js';
import { expectContract } from '../test/contract.js';
import { LockEventData, PixelsEventData } from '@tessera/api/live';

const s = sharedBffStack();
const open = (headers: Record<string, string> = {}) => SseClient.open(`${s.bff.base}/api/events`, headers);
const commit = (orderId: string, boardIndex: number, x: number, color: string) =>
  canvasClientOf(s.stack.canvasCore).commitOrder({
    orderId,
    canvasIndex: s.canvasIndex,
    boardIndex,
    userId: 'u',
    pixels: [{ x, y: 0, color }],
  });

/** The events route alone on its own server with these deps, for one test. */
const withApp = (deps: BffDeps, fn: (base: string) => Promise<void>, routes = eventRoutes) =>
  withListening(createApp(deps, [routes]), fn);

describe('GET /api/events', () => {
  it('streams a commit to a connected client, with the bus sequence as id', async () => {
    const client = await open();
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    // subscribed: the route answers 200 only once its bus subscription exists (events.ts)
    await commit('sse-1', 30, 1, '#010203');
    const ev = await client.waitFor((e) => e.event === 'pixels');
    expect(Number(ev.id)).toBeGreaterThan(0);
    expectContract(PixelsEventData, JSON.parse(ev.data)); // the HTTP contract's shape, nothing more
    expect(JSON.parse(ev.data)).toMatchObject({
      canvasIndex: s.canvasIndex,
      boardIndex: 30,
      pixels: [{ x: 1, y: 0, color: '#010203' }],
    });
    client.close();
  });

  it('forwards lock changes as lock:* and skips other canvases', async () => {
    const client = await open(); // its 200 answer means subscribed
    expect(client.status).toBe(200);
    const lock = (canvasIndex: number, kind: string) =>
      s.stack.bus.publish(
        `tessera.lock.${kind}`,
        toBinary(
          LockChangedSchema,
          create(LockChangedSchema, {
            kind: LockChangeKind.ACQUIRED,
            canvasIndex,
            boardIndex: 9,
            userId: 'u9',
            username: 'nine',
            expiresAtMs: 123,
          }),
        ),
        { msgId: `lock-${canvasIndex}-${kind}` },
      );
    const other = create(PixelsCommittedSchema, {
      orderId: 'x',
      canvasIndex: s.canvasIndex + 100,
      boardIndex: 1,
      pixels: [{ x: 0, y: 0, color: '#000000' }],
    });
    await s.stack.bus.publish('tessera.pixels.committed', toBinary(PixelsCommittedSchema, other), {
      msgId: 'other-canvas',
    });
    await lock(s.canvasIndex + 100, 'released');
    await lock(s.canvasIndex, 'acquired');
    const ev = await client.waitFor((e) => e.event?.startsWith('lock:') ?? false);
    expect(ev.event).toBe('lock:acquired');
    expectContract(LockEventData, JSON.parse(ev.data));
    expect(JSON.parse(ev.data)).toEqual({
      canvasIndex: s.canvasIndex,
      boardIndex: 9,
      userId: 'u9',
      username: 'nine',
      expiresAt: 123,
      at: 0,
    });
    expect(client.events.filter((e) => e.event === 'pixels' || e.event === 'lock:released')).toEqual([]);
    client.close();
  });

  it('delivers an event committed right after the stream opened, even when subscribing is slow', async () => {
    // a bus whose subscriptions take 200 ms to become live, like a remote broker under load
    const bus = s.stack.bus;
    const slow = busWithSubscribe(bus, async (o) => {
      await new Promise((r) => setTimeout(r, 200));
      return bus.subscribe(o);
    });
    await withApp(testDeps({ canvas: s.stack.canvasUrl }, { bus: slow }), async (base) => {
      const client = await SseClient.open(`${base}/api/events`);
      expect(client.status).toBe(200);
      await commit('sse-early', 33, 4, '#112233'); // no pause: the response headers mean subscribed
      const ev = await client.waitFor((e) => e.event === 'pixels');
      expect(JSON.parse(ev.data)).toMatchObject({ boardIndex: 33, pixels: [{ x: 4, color: '#112233' }] });
      client.close();
    });
  });

  it('replays everything a reconnecting client missed from Last-Event-ID, in order, once', async () => {
    const first = await open();
    await commit('sse-2', 31, 2, '#0A0B0C');
    const seen = await first.waitFor((e) => e.event === 'pixels' && e.data.includes('"boardIndex":31'));
    first.close();
    // while disconnected: three commits
    await commit('sse-3', 32, 3, '#0D0E0F');
    await commit('sse-4', 34, 5, '#101112');
    await commit('sse-5', 35, 6, '#131415');
    const again = await open({ 'Last-Event-ID': seen.id! });
    await again.waitFor((e) => e.event === 'pixels' && e.data.includes('"boardIndex":35'));
    await commit('sse-6', 36, 7, '#161718'); // and one after reconnecting
    await again.waitFor((e) => e.event === 'pixels' && e.data.includes('"boardIndex":36'));
    const pixels = again.events.filter((e) => e.event === 'pixels');
    expect(pixels.map((e) => JSON.parse(e.data).boardIndex)).toEqual([32, 34, 35, 36]);
    expect(JSON.parse(pixels[0]!.data)).toMatchObject({ pixels: [{ x: 3, y: 0, color: '#0D0E0F' }] });
    const ids = pixels.map((e) => Number(e.id));
    expect(ids[0]).toBeGreaterThan(Number(seen.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    again.close();
  });

  it('gives a new stream its starting id, so a client that saw no event yet also resumes', async () => {
    const quiet = await open();
    const start = await quiet.waitFor((e) => e.id !== undefined && e.event === undefined);
    expect(Number(start.id)).toBeGreaterThanOrEqual(0);
    quiet.close();
    await commit('sse-7', 37, 8, '#192021'); // published before the client comes back
    const again = await open({ 'Last-Event-ID': start.id! });
    const missed = await again.waitFor((e) => e.event === 'pixels');
    expect(JSON.parse(missed.data)).toMatchObject({ boardIndex: 37, pixels: [{ x: 8, color: '#192021' }] });
    again.close();
  });
});

describe('heartbeats, shutdown and a broken bus', () => {
  it('sends heartbeat comments and ends every stream on shutdown', async () => {
    let stopping = false;
    const deps = testDeps({ canvas: s.stack.canvasUrl }, { isShuttingDown: () => stopping });
    const routes = eventRoutesWith({ heartbeatMs: 50, tickMs: 20 });
    await withApp(
      deps,
      async (base) => {
        const client = await SseClient.open(`${base}/api/events`);
        await client.waitFor((e) => e.comment === 'ping');
        stopping = true;
        await client.waitEnded();
        const refused = await fetch(`${base}/api/events`);
        expect(refused.status).toBe(503);
        expect(await refused.json()).toMatchObject({
          success: false,
          error: 'SERVICE_UNAVAILABLE',
          statusCode: 503,
        });
      },
      routes,
    );
    await deps.bus.close();
  });

  it('answers 503 with the error body, not an empty stream, when the bus cannot subscribe', async () => {
    const deps = testDeps({ canvas: s.stack.canvasUrl });
    await deps.bus.close(); // a closed bus refuses subscriptions
    await withApp(deps, async (base) => {
      const res = await fetch(`${base}/api/events`);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({ success: false, error: 'SERVICE_UNAVAILABLE' });
    });
  });
});
