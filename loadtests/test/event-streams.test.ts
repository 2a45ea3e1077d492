// lib/event-streams.mjs: the benchmarks' event streams, each from its own loopback address, parsed
// event by event, against a local server that plays /api/events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@tessera/kit/testing';
import { LIVE_EVENTS_PATH } from '@tessera/facts/live';
import { clientAddress, openEventStream } from '../lib/event-streams.mjs';
import { listenLocal, type LocalServer } from './processes.js';

let server: LocalServer;
let base = '';
const peers: string[] = [];

beforeAll(async () => {
  server = await listenLocal((req, res) => {
    peers.push(req.socket.remoteAddress ?? '');
    // a body that would read as an event, were it read
    if (req.url === '/full') return void res.writeHead(429).end('data: refused\n\n');
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    // one event split across writes, then two in one write
    res.write(': hello\n\nevent: pix');
    setTimeout(() => res.write('els\ndata: {"x":1}\n\nevent: pixels\ndata: {"x":2}\n\ndata: end\n\n'), 20);
  });
  base = server.base;
});

afterAll(() => server.close());

describe('clientAddress', () => {
  it('gives each client its own 127.2.x.y address', () => {
    expect([0, 1, 199, 200, 401].map(clientAddress)).toEqual([
      '127.2.0.1',
      '127.2.0.2',
      '127.2.0.200',
      '127.2.1.1',
      '127.2.2.2',
    ]);
    const all = new Set(Array.from({ length: 2000 }, (_, i) => clientAddress(i)));
    expect(all.size).toBe(2000);
    expect(() => clientAddress(254 * 200)).toThrow(RangeError);
    expect(() => clientAddress(-1)).toThrow(RangeError);
  });
});

describe('openEventStream', () => {
  it('opens from the given address and hands over each event as it completes', async () => {
    const events: unknown[] = [];
    const stream = await openEventStream(`${base}${LIVE_EVENTS_PATH}`, {
      localAddress: clientAddress(5),
      onEvent: (ev) => events.push(ev),
    });
    expect(stream.status).toBe(200);
    expect(peers.at(-1)).toBe('127.2.0.6');
    await eventually(() => events.length === 4, 5000);
    expect(events).toEqual([
      { comment: 'hello', data: '' },
      { event: 'pixels', data: '{"x":1}' },
      { event: 'pixels', data: '{"x":2}' },
      { data: 'end' },
    ]);
    stream.close();
  });

  it('answers a refused stream with its status and reads it no further', async () => {
    const events: unknown[] = [];
    const stream = await openEventStream(`${base}/full`, { onEvent: (ev) => events.push(ev) });
    expect(stream.status).toBe(429);
    expect(events).toEqual([]);
    stream.close();
  });
});
