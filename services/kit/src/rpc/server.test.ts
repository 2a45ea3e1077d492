import { describe, expect, it } from 'vitest';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { SpanKind, trace } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { Health, HealthCheckResponse_ServingStatus as S } from '@tessera/proto/grpc/health/v1/health_pb.js';
import { BrokerService } from '@tessera/proto/tessera/bus/v1/broker_pb.js';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { createLogger } from '../log/logger.js';
import { startRpcServer } from './server.js';
import { createPeerClient } from './client.js';
import { eventually } from '../testing/index.js';
import { refusal } from '../testing/refusal.js';
import { appError } from '../errors/app-error.js';
import { useGlobalTracing } from '../telemetry/test/global-tracing.js';

const exporter = new tracing.InMemorySpanExporter();
useGlobalTracing(exporter);

const logger = createLogger('test', { level: 'silent' });

describe('Connect server with grpc.health.v1', () => {
  it('answers UNIMPLEMENTED, not INTERNAL, for an RPC without a handler', async () => {
    const server = await startRpcServer({
      name: 't',
      host: '127.0.0.1',
      port: 0,
      logger,
      routes: (router) => {
        router.service(BrokerService, {});
      },
    });
    try {
      for (const client of [
        createClient(BrokerService, createGrpcTransport({ baseUrl: server.url })),
        createPeerClient(BrokerService, server.url),
      ]) {
        const err = await client.ack({}).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ConnectError);
        expect((err as ConnectError).code).toBe(Code.Unimplemented);
      }
    } finally {
      await server.close();
    }
  });

  it('answers health checks over gRPC and Connect, per service', async () => {
    const server = await startRpcServer({
      name: 't',
      host: '127.0.0.1',
      port: 0,
      logger,
      routes: () => {},
      services: ['tessera.x.v1.X'],
    });
    try {
      const grpc = createClient(Health, createGrpcTransport({ baseUrl: server.url }));
      expect((await grpc.check({ service: '' })).status).toBe(S.SERVING);
      expect((await grpc.check({ service: 'tessera.x.v1.X' })).status).toBe(S.SERVING);
      const connect = createPeerClient(Health, server.url);
      const err = await connect.check({ service: 'nope' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConnectError);
      expect((err as ConnectError).code).toBe(Code.NotFound);
    } finally {
      await server.close();
    }
  });

  it('carries many concurrent calls without a listener warning', async () => {
    const server = await startRpcServer({ name: 't', host: '127.0.0.1', port: 0, logger, routes: () => {} });
    const warnings: Error[] = [];
    const onWarning = (w: Error) => void warnings.push(w);
    process.on('warning', onWarning);
    try {
      const client = createPeerClient(Health, server.url);
      const seen: S[] = [];
      // 30 Watch streams open at once: each call is linked to the server's shutdown signal
      const streams = Array.from({ length: 30 }, async () => {
        try {
          for await (const res of client.watch({ service: '' })) seen.push(res.status);
        } catch {
          // the server ends the streams when it shuts down
        }
      });
      await eventually(() => seen.length === 30, 5000);
      await new Promise((r) => setTimeout(r, 20)); // warnings are emitted on a later tick
      expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
      await server.close(2000);
      await Promise.all(streams);
    } finally {
      process.off('warning', onWarning);
      await server.close();
    }
  });

  it('streams status changes to Watch and ends the stream on shutdown', async () => {
    const server = await startRpcServer({ name: 't', host: '127.0.0.1', port: 0, logger, routes: () => {} });
    const client = createPeerClient(Health, server.url);
    const seen: S[] = [];
    const watching = (async () => {
      try {
        for await (const res of client.watch({ service: '' })) seen.push(res.status);
      } catch {
        // the server cancels the stream when it shuts down
      }
    })();
    await eventually(() => seen.length >= 1); // subscribed: the current status came
    server.health.set('', S.NOT_SERVING);
    await eventually(() => seen.length >= 2); // the change was delivered
    const t0 = Date.now();
    // a grace far beyond the bound below: the stream ends because of the shutdown, not the grace
    await server.close(60_000);
    await watching;
    const took = Date.now() - t0;
    console.log(`Watch stream ended ${took} ms after close() began`);
    expect(seen.slice(0, 2)).toEqual([S.SERVING, S.NOT_SERVING]);
    expect(took).toBeLessThan(10_000);
  });

  it('propagates the trace from client span to server span', async () => {
    exporter.reset();
    const server = await startRpcServer({
      name: 't',
      host: '127.0.0.1',
      port: 0,
      logger,
      routes: (router) => {
        router.service(CanvasService, { getActiveCanvas: () => ({}) });
      },
    });
    try {
      const client = createPeerClient(CanvasService, server.url);
      const tracer = trace.getTracer('test');
      await tracer.startActiveSpan('user action', async (root) => {
        await client.getActiveCanvas({});
        root.end();
      });
      const spans = exporter.getFinishedSpans();
      const name = 'tessera.canvas.v1.CanvasService/GetActiveCanvas';
      const rootSpan = spans.find((s) => s.name === 'user action')!;
      const clientSpan = spans.find((s) => s.name === name && s.kind === SpanKind.CLIENT)!;
      const serverSpan = spans.find((s) => s.name === name && s.kind === SpanKind.SERVER)!;
      expect(clientSpan.spanContext().traceId).toBe(rootSpan.spanContext().traceId);
      expect(serverSpan.spanContext().traceId).toBe(rootSpan.spanContext().traceId);
      expect(serverSpan.parentSpanContext?.spanId).toBe(clientSpan.spanContext().spanId);
    } finally {
      await server.close();
    }
  });

  it('traces no health check and no broker call, on either side (probes, /api/health, acks)', async () => {
    exporter.reset();
    const server = await startRpcServer({
      name: 't',
      host: '127.0.0.1',
      port: 0,
      logger,
      routes: (router) => {
        router.service(BrokerService, { ack: () => ({}) });
      },
    });
    try {
      await trace.getTracer('test').startActiveSpan('user action', async (root) => {
        await createPeerClient(Health, server.url).check({ service: '' });
        await createPeerClient(BrokerService, server.url).ack({ durable: 'd', seq: 1 });
        root.end();
      });
      // a gRPC probe: no caller span at all
      await createClient(Health, createGrpcTransport({ baseUrl: server.url })).check({ service: '' });
      expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['user action']);
    } finally {
      await server.close();
    }
  });

  it("passes a peer's application error on intact, without the peer's response headers", async () => {
    const serveAck = (ack: (req: object) => unknown) =>
      startRpcServer({
        name: 't',
        host: '127.0.0.1',
        port: 0,
        logger,
        routes: (router) => void router.service(BrokerService, { ack: ack as never }),
      });
    const peer = await serveAck(() => {
      throw appError('LOCK_CONFLICT', 'Held by someone else', { field: 'boardIndex' });
    });
    const peerClient = createPeerClient(BrokerService, peer.url);
    // a handler that rethrows what its peer answered, as services do
    const server = await serveAck((req) => peerClient.ack(req));
    try {
      for (const client of [
        createPeerClient(BrokerService, server.url),
        createClient(BrokerService, createGrpcTransport({ baseUrl: server.url })),
      ]) {
        expect(await refusal(client.ack({}))).toEqual({
          code: 'LOCK_CONFLICT',
          message: 'Held by someone else',
          field: 'boardIndex',
        });
      }
    } finally {
      await server.close();
      await peer.close();
    }
  });

  it('reports NOT_SERVING during shutdown and refuses connections after it', async () => {
    const server = await startRpcServer({ name: 't', host: '127.0.0.1', port: 0, logger, routes: () => {} });
    const url = server.url;
    await server.close();
    const client = createPeerClient(Health, url, { timeoutMs: 1000 });
    const err = await client.check({ service: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).code).toBe(Code.Unavailable);
  });
});
