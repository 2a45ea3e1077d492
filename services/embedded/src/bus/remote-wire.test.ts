/**
 * What the broker client asks for on the wire: its Consume and Subscribe streams accept no compressed
 * responses (the broker gzipped every batch of events over 1 KiB for a loopback or pod network: 17%
 * of its CPU on the lock pairs after a burst of commits, loadtests/README.md).
 */
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, testLogger } from '@tessera/kit/testing';
import { RemoteBus } from './remote.js';

let server: http2.Http2Server | undefined;
let bus: RemoteBus | undefined;
afterEach(async () => {
  await bus?.close();
  bus = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server that records each call's path and headers and answers every one `unavailable`. */
async function recordingServer(): Promise<{
  url: string;
  calls: { path: string; headers: http2.IncomingHttpHeaders }[];
}> {
  const calls: { path: string; headers: http2.IncomingHttpHeaders }[] = [];
  server = http2.createServer();
  // the client cancels its streams and closes its session when the test closes the bus
  server.on('session', (session) => session.on('error', () => undefined));
  server.on('stream', (stream, headers) => {
    stream.on('error', () => undefined);
    calls.push({ path: String(headers[':path']), headers });
    stream.respond({ ':status': 503, 'content-type': 'application/json' });
    stream.end('{"code":"unavailable","message":"recording"}');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, calls };
}

describe('the remote bus on the wire', () => {
  it.each([
    ['Subscribe', (b: RemoteBus) => b.subscribe({ subjects: ['tessera.test.>'], handler: () => undefined })],
    [
      'Consume',
      (b: RemoteBus) =>
        b.consume({ durable: 'wire-test', subjects: ['tessera.test.>'], handler: async () => undefined }),
    ],
  ])('%s streams accept no compressed responses', async (method, open) => {
    const { url, calls } = await recordingServer();
    bus = new RemoteBus({ url, logger: testLogger(), retryDeadlineMs: 200 });
    const opened = open(bus).catch(() => undefined);
    await eventually(() => expect(calls.some((c) => c.path.endsWith(`/${method}`))).toBe(true));
    const call = calls.find((c) => c.path.endsWith(`/${method}`))!;
    expect(call.headers['connect-accept-encoding']).toBeUndefined();
    await opened;
  });
});
