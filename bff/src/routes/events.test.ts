import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { create, toBinary } from '@bufbuild/protobuf';
import {
  LockChangedSchema,
  LockChangeKind,
  PixelsCommittedSchema,
} from '@tessera/proto/tessera/events/v1/events_pb.js';
import { canvasClientOf } from '@tessera/renderer/testing';
import { createApp } from '../app.js';
import { testDeps } from '../test/deps.js';
import { startBffStack, type BffStack } from '../canvas/test/stack.js';
import { SseClient } from '../canvas/test/sse-client.js';
import { eventRoutesWith } from './events.js';

let s: BffStack;
let c: number;
const open = (headers: Record<string, string> = {}) => SseClient.open(`${s.bff.base}/api/events`, headers);
const commit = (orderId: string, boardIndex: number, x: number, color: string) =>
  canvasClientOf(s.stack.canvasCore).commitOrder({
    orderId,
    canvasIndex: c,
    boardIndex,
    userId: 'u',
    pixels: [{ x, y: 0, color }],
  });

beforeAll(async () => {
  s = await startBffStack();
  c = s.stack.canvasIndex;
}, 60_000);
afterAll(() => s.close());

describe('GET /api/events', () => {
  it('streams a commit to a connected client, with the bus sequence as id', async () => {
    const client = await open();
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await new Promise((r) => setTimeout(r, 100)); // subscribed
    await commit('sse-1', 30, 1, '#010203');
    const ev = await client.waitFor((e) => e.event === 'pixels');
    expect(Number(ev.id)).toBeGreaterThan(0);
    expect(JSON.parse(ev.data)).toMatchObject({
      canvasIndex: c,
      boardIndex: 30,
      pixels: [{ x: 1, y: 0, color: '#010203' }],
    });
    client.close();
  });

  it('forwards lock changes as lock:* and skips other canvases', async () => {
    const client = await open();
    await new Promise((r) => setTimeout(r, 100));
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
      canvasIndex: c + 100,
      boardIndex: 1,
      pixels: [{ x: 0, y: 0, color: '#000000' }],
    });
    await s.stack.bus.publish('tessera.pixels.committed', toBinary(PixelsCommittedSchema, other), {
      msgId: 'other-canvas',
    });
    await lock(c + 100, 'released');
    await lock(c, 'acquired');
    const ev = await client.waitFor((e) => e.event?.startsWith('lock:') ?? false);
    expect(ev.event).toBe('lock:acquired');
    expect(JSON.parse(ev.data)).toEqual({
      canvasIndex: c,
      boardIndex: 9,
      userId: 'u9',
      username: 'nine',
      expiresAt: 123,
      at: 0,
    });
    expect(client.events.filter((e) => e.event === 'pixels' || e.event === 'lock:released')).toEqual([]);
    client.close();
  });

  it('replays what a reconnecting client missed from Last-Event-ID', async () => {
    const first = await open();
    await new Promise((r) => setTimeout(r, 100));
    await commit('sse-2', 31, 2, '#0A0B0C');
    const seen = await first.waitFor((e) => e.event === 'pixels' && e.data.includes('"boardIndex":31'));
    first.close();
    await commit('sse-3', 32, 3, '#0D0E0F'); // while disconnected
    const again = await open({ 'Last-Event-ID': seen.id! });
    const missed = await again.waitFor((e) => e.event === 'pixels');
    expect(JSON.parse(missed.data)).toMatchObject({
      boardIndex: 32,
      pixels: [{ x: 3, y: 0, color: '#0D0E0F' }],
    });
    expect(Number(missed.id)).toBeGreaterThan(Number(seen.id));
    expect(
      again.events.filter((e) => e.event === 'pixels').map((e) => JSON.parse(e.data).boardIndex),
    ).toEqual([32]);
    again.close();
  });
});

describe('heartbeats and shutdown', () => {
  it('sends heartbeat comments and ends every stream on shutdown', async () => {
    let stopping = false;
    const deps = testDeps({ canvas: s.stack.canvasUrl }, { isShuttingDown: () => stopping });
    const app = createApp(deps, [eventRoutesWith({ heartbeatMs: 50, tickMs: 20 })]);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
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
    } finally {
      server.closeAllConnections();
      server.close();
      await deps.bus.close();
    }
  });
});
