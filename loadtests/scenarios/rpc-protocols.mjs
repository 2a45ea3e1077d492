// The internal protocol: the same canvas-service calls over the gRPC protocol and over Connect
// (binary, HTTP/2: the kit's default, services/kit/src/rpc/client.ts), from a client in this process
// the way the BFF calls (one HTTP/2 connection, CONCURRENCY calls in flight): GetActiveCanvas (a
// small answer) and GetBoard (a board, about 25 KB). Every service accepts both protocols.
import fs from 'node:fs';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport } from '@connectrpc/connect-node';
import { SERVICES } from '@tessera/facts/ports';
import { localKeyFile, parsePrivateKey } from '@tessera/kit/service-keys';
import { TokenSigner } from '@tessera/kit';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { activeCanvas, round, row, traceparentPool, withGeneratorCpu } from '../lib/bench-kit.mjs';
import { percentile } from '../lib/client.mjs';

export const name = 'rpc-protocols';
export const description =
  'canvas-service calls over gRPC vs Connect (binary, HTTP/2), as the BFF makes them';

const CONCURRENCY = 50;

/** Calls `call` for `seconds` with CONCURRENCY in flight: `{rate, p50, p99, errors, firstError}`. */
async function measure(call, seconds) {
  const times = [];
  let errors = 0;
  let firstError = null;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await call();
          times.push(performance.now() - t0);
        } catch (err) {
          errors++;
          firstError ??= err;
          if (errors > 100) return;
        }
      }
    }),
  );
  return {
    rate: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors,
    firstError,
  };
}

export async function run(ctx) {
  const canvasIndex = await activeCanvas(ctx.baseUrl);
  const baseUrl = `http://127.0.0.1:${ctx.portBase + SERVICES.indexOf('canvas')}`;
  const common = { baseUrl, httpVersion: '2', defaultTimeoutMs: 10_000 };
  const clients = {
    grpc: createClient(CanvasService, createGrpcTransport(common)),
    connect: createClient(CanvasService, createConnectTransport({ ...common, useBinaryFormat: true })),
  };
  const seconds = Math.max(3, Math.min(10, Math.round(ctx.durationSeconds / 2)));
  // signed as the BFF, the caller the trust table allows (the bench writes the stack's keys)
  const signer = new TokenSigner(
    'bff',
    parsePrivateKey(fs.readFileSync(localKeyFile(ctx.dataDir, 'bff'), 'utf8')),
  );
  const token = await signer.token('canvas'); // valid 5 minutes: longer than the scenario
  // the headers built once (a pool of traceparents), not per call: the generator's CPU is the calls'
  const pool = traceparentPool(256).map((tp) => ({ traceparent: tp, authorization: `Bearer ${token}` }));
  let next = 0;
  const headers = () => pool[next++ % pool.length];
  const rows = [];
  for (const [label, call] of [
    ['GetActiveCanvas', (c) => c.getActiveCanvas({}, { headers: headers() })],
    ['GetBoard', (c) => c.getBoard({ canvasIndex, boardIndex: 312 }, { headers: headers() })],
  ]) {
    const results = {};
    for (const protocol of ['grpc', 'connect']) {
      await call(clients[protocol]); // connection up
      const m = await withGeneratorCpu(() => measure(() => call(clients[protocol]), seconds));
      results[protocol] = { ...m.result, generatorCpu: m.generatorCpu };
      if (results[protocol].firstError)
        ctx.log(`${protocol} ${label}: ${results[protocol].firstError.message}`);
    }
    const { grpc, connect } = results;
    ctx.log(
      `${label}: gRPC ${grpc.rate.toFixed(0)}/s (p50 ${grpc.p50?.toFixed(1)} ms), Connect ${connect.rate.toFixed(0)}/s (p50 ${connect.p50?.toFixed(1)} ms)`,
    );
    rows.push(
      row({
        row: `BFF -> canvas ${label}, Connect (binary, h2) vs gRPC`,
        figure: round(connect.rate, 0),
        unit: 'calls/s',
        p50: round(connect.p50),
        p99: round(connect.p99),
        errors: connect.errors,
        baseline: round(grpc.rate, 0),
        baselineLabel: `gRPC protocol, same calls (p50 ${round(grpc.p50)} ms, p99 ${round(grpc.p99)} ms)`,
        ratio: grpc.rate > 0 ? round(connect.rate / grpc.rate, 2) : null,
        generatorCpu: round(connect.generatorCpu, 0),
        baselineGeneratorCpu: round(grpc.generatorCpu, 0),
      }),
    );
  }
  return { rows };
}
