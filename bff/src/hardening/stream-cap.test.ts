/**
 * The per-client cap on event streams over a real BFF on port 0 (in-process bus): over the cap a
 * clear 429 in the spec's error body with Retry-After; a closed stream frees its place; another
 * client (behind the trusted proxy) is not affected.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '@tessera/kit/testing';
import { createApp } from '../app.js';
import { SseClient } from '../canvas/test/sse-client.js';
import { eventRoutesWith } from '../routes/events.js';
import { testDeps } from '../test/deps.js';
import { StreamCap, TOO_MANY_STREAMS_MESSAGE } from './stream-cap.js';
import { listen } from '../test/listen.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

async function bffWith(cap: StreamCap, env: Record<string, string> = {}): Promise<string> {
  const deps = testDeps({}, { env });
  const { base, close } = await listen(createApp(deps, [eventRoutesWith({ cap })]));
  cleanups.push(() => void close());
  return base;
}

async function open(base: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const c = await SseClient.open(`${base}/api/events`, headers);
  cleanups.push(() => c.close());
  return c;
}

describe('event streams per client', () => {
  it('refuses the stream over the cap with 429, the error body and Retry-After; a closed one frees a place', async () => {
    const cap = new StreamCap(3, 100);
    const base = await bffWith(cap);
    const streams = [await open(base), await open(base), await open(base)];
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const res = await fetch(`${base}/api/events`, { headers: { Accept: 'text/event-stream' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      success: false,
      error: 'RATE_LIMIT_EXCEEDED',
      statusCode: 429,
      message: TOO_MANY_STREAMS_MESSAGE,
    });
    expect(body).toHaveProperty('timestamp');
    expect(body).toHaveProperty('field');

    streams[0]!.close();
    await eventually(() => (cap.count('127.0.0.1') === 2 ? true : undefined), 5000);
    expect((await open(base)).status).toBe(200);
  });

  it('counts each forwarded client on its own behind a trusted proxy', async () => {
    const cap = new StreamCap(2, 100);
    const base = await bffWith(cap, { TRUST_PROXY: '1' });
    const a = { 'x-forwarded-for': '198.51.100.1' };
    const b = { 'x-forwarded-for': '198.51.100.2' };
    expect((await open(base, a)).status).toBe(200);
    expect((await open(base, a)).status).toBe(200);
    expect((await fetch(`${base}/api/events`, { headers: a })).status).toBe(429);
    expect((await open(base, b)).status).toBe(200);
  });

  it('answers 503 with Retry-After when the process holds its total', async () => {
    const base = await bffWith(new StreamCap(5, 1));
    expect((await open(base, {})).status).toBe(200);
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).not.toBeNull();
  });
});
