/**
 * The kit's metrics over real servers: the metrics listener (its own port, `/metrics` only), RED of
 * RPCs by Connect code on both of the server's paths (the gRPC adapter and the short binary path),
 * the durable consumers' lag, redeliveries and outcomes, and an admission gate's load.
 */
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { Health } from '@tessera/proto/grpc/health/v1/health_pb.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '@tessera/embedded';
import { AdmissionGate } from '../load/admission-gate.js';
import { createPeerClient } from '../rpc/client.js';
import { eventually, startTestRpcServer, testLogger, uniquePrefix } from '../testing/index.js';
import { startMetricsServer, type MetricsServer } from './server.js';
import { watchGate } from './gate.js';

const logger = testLogger('metrics');
let metrics: MetricsServer;

beforeAll(async () => {
  metrics = await startMetricsServer({ process: 'kit-test', host: '127.0.0.1', port: 0, logger });
});
afterAll(() => metrics.close());

async function scrape(): Promise<string> {
  const res = await fetch(metrics.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of the series `name{labels...}` (labels in any order), or undefined. */
function value(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)\{(.*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('metrics listener', () => {
  it('answers /metrics in the text format with process metrics and the process label', async () => {
    const text = await scrape();
    expect(value(text, 'process_resident_memory_bytes', { process: 'kit-test' })).toBeGreaterThan(0);
  });

  it('answers anything else with a plain 404', async () => {
    for (const p of ['/', '/metrics/', '/metricsx', '/api/metrics', '/index.html']) {
      const res = await fetch(new URL(p, metrics.url));
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/plain/);
    }
    const post = await fetch(metrics.url, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});

describe('RPC metrics', () => {
  it('count each call by service, method and Connect code on both server paths', async () => {
    const server = await startTestRpcServer({ name: 'metrics-rpc', routes: () => {} });
    try {
      const clients = [
        createPeerClient(Health, server.url),
        createClient(Health, createGrpcTransport({ baseUrl: server.url })),
      ];
      const labels = (code: string) => ({ service: 'grpc.health.v1.Health', method: 'Check', code });
      const metric = 'tessera_rpc_server_duration_seconds_count';
      const before = await scrape();
      for (const client of clients) {
        await client.check({ service: '' });
        const err = await client.check({ service: 'no.such.Service' }).catch((e: unknown) => e);
        expect(ConnectError.from(err).code).toBe(Code.NotFound);
      }
      const after = await scrape();
      const grew = (code: string) =>
        (value(after, metric, labels(code)) ?? 0) - (value(before, metric, labels(code)) ?? 0);
      expect(grew('ok')).toBe(2);
      expect(grew('not_found')).toBe(2);
    } finally {
      await server.close();
    }
  });
});

describe('event consumer metrics', () => {
  it('record the lag of each delivery, a redelivery after a failure, and each outcome', async () => {
    const bus = createInProcessBus({ logger });
    const subject = `tessera.${uniquePrefix('m')}.done`;
    const durable = uniquePrefix('metrics-consumer');
    let calls = 0;
    const sub = await bus.consume({
      durable,
      subjects: [subject],
      ackWaitMs: 2000,
      handler: async () => {
        calls++;
        if (calls === 1) throw new Error('first delivery fails');
      },
    });
    try {
      await bus.publish(subject, new Uint8Array([1]), { msgId: uniquePrefix('msg') });
      const l = { subject, consumer: durable };
      await eventually(
        async () => value(await scrape(), 'tessera_bus_consumed_total', { ...l, outcome: 'ack' }) === 1,
        8000,
      );
      const text = await scrape();
      expect(value(text, 'tessera_bus_consumed_total', { ...l, outcome: 'nak' })).toBe(1);
      expect(value(text, 'tessera_bus_redeliveries_total', l)).toBe(1);
      expect(value(text, 'tessera_bus_consumer_lag_seconds_count', l)).toBe(2);
    } finally {
      await sub.stop();
      await bus.close();
    }
  });
});

describe('admission gate metrics', () => {
  it('show the works running and waiting, the bounds, and the callers refused', async () => {
    const gate = new AdmissionGate({ running: 1, waiting: 1 });
    watchGate('metrics-test', gate);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const first = gate.run(() => held);
    const second = gate.run(async () => undefined);
    const third = gate.run(async () => undefined).catch((e: unknown) => e);
    expect(await third).toBeInstanceOf(Error);
    const g = { gate: 'metrics-test' };
    const text = await scrape();
    expect(value(text, 'tessera_admission_running', g)).toBe(1);
    expect(value(text, 'tessera_admission_waiting', g)).toBe(1);
    expect(value(text, 'tessera_admission_limit', { ...g, bound: 'waiting' })).toBe(1);
    expect(value(text, 'tessera_admission_refused_total', g)).toBe(1);
    finish();
    await Promise.all([first, second]);
    const later = await scrape();
    expect(value(later, 'tessera_admission_running', g)).toBe(0);
    expect(value(later, 'tessera_admission_refused_total', g)).toBe(1);
  });
});
