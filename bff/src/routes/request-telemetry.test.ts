/**
 * The BFF's own SERVER span per request (../middleware/request-telemetry.ts): it continues the caller's W3C
 * traceparent, is named by the route template (also on the cache-hit fast path, which skips the
 * router), its context is active for the downstream Connect call (whose CLIENT span, and the canvas
 * service's SERVER span, join the trace), and the access line carries the trace and span ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { startCanvasStack, type CanvasStack } from '@tessera/renderer/testing';
import { startBff, type RunningBff } from '../auth/test/app.js';
import { recordLogs } from '../auth/test/log-recorder.js';
import { readCaches } from '../canvas/read-caches.js';
import { createInProcessBus } from '@tessera/embedded';
import { metricsRegistry } from '@tessera/kit';

const exporter = new tracing.InMemorySpanExporter();
new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] }).register();

const logs = recordLogs('info');
const lines = logs.lines;

const bus = createInProcessBus();
let stack: CanvasStack;
let bff: RunningBff;
beforeAll(async () => {
  stack = await startCanvasStack({ bus });
  bff = await startBff(
    { canvas: stack.canvasUrl, renderer: stack.rendererUrl },
    { deps: { bus, logger: logs.logger } },
  );
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await stack?.close();
  await bus.close();
});

const hex = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** GET with a new sampled traceparent; the caller's trace and span ids. */
async function tracedGet(path: string, headers: Record<string, string> = {}) {
  const traceId = hex(32);
  const parentSpanId = hex(16);
  const res = await fetch(`${bff.base}${path}`, {
    headers: { ...headers, traceparent: `00-${traceId}-${parentSpanId}-01` },
  });
  await res.arrayBuffer();
  return { res, traceId, parentSpanId };
}

const spansOf = (traceId: string) =>
  exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
const bffSpanOf = (traceId: string) =>
  spansOf(traceId).find((s) => s.kind === SpanKind.SERVER && s.instrumentationScope.name === '@tessera/bff');

const BOARD_ROUTE = '/api/pixels/canvas/:canvasIndex/board/:boardIndex';

describe('the BFF SERVER span of a request', () => {
  it('continues the incoming trace, is named by the route, and the downstream call and the log line join it', async () => {
    const path = `/api/pixels/canvas/${stack.canvasIndex}/board/7`;
    const { res, traceId, parentSpanId } = await tracedGet(path, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    const server = bffSpanOf(traceId);
    expect(server, 'the BFF span carries the incoming trace id').toBeDefined();
    expect(server!.name).toBe(`GET ${BOARD_ROUTE}`);
    expect(server!.parentSpanContext?.spanId).toBe(parentSpanId);
    expect(server!.attributes).toMatchObject({
      'http.route': BOARD_ROUTE,
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'url.path': path,
    });
    // the cache missed: the route asked the canvas service, inside the BFF span's context
    const client = spansOf(traceId).find(
      (s) => s.kind === SpanKind.CLIENT && s.name === 'tessera.canvas.v1.CanvasService/GetBoard',
    );
    expect(client, 'the Connect call joins the trace').toBeDefined();
    expect(client!.parentSpanContext?.spanId).toBe(server!.spanContext().spanId);
    const canvasSide = spansOf(traceId).find(
      (s) => s.kind === SpanKind.SERVER && s.name === 'tessera.canvas.v1.CanvasService/GetBoard',
    );
    expect(canvasSide?.parentSpanContext?.spanId).toBe(client!.spanContext().spanId);
    const line = lines.find((l) => l.msg === 'request' && l.trace_id === traceId);
    expect(line, 'the access line carries the trace id').toMatchObject({
      method: 'GET',
      path,
      status: 200,
      span_id: server!.spanContext().spanId,
    });
  });

  it('names a cache hit answered by the fast path by the same route, with no service call', async () => {
    const path = `/api/pixels/canvas/${stack.canvasIndex}/board/8`;
    await tracedGet(path, { 'Accept-Encoding': 'br' }); // the miss fills the cache
    const { boards } = readCaches(bff.deps);
    const hits = boards.hits;
    const { res, traceId, parentSpanId } = await tracedGet(path, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(boards.hits).toBe(hits + 1);
    const server = bffSpanOf(traceId);
    expect(server?.name).toBe(`GET ${BOARD_ROUTE}`);
    expect(server?.attributes['http.route']).toBe(BOARD_ROUTE);
    expect(server?.parentSpanContext?.spanId).toBe(parentSpanId);
    expect(spansOf(traceId).filter((s) => s.kind === SpanKind.CLIENT)).toEqual([]);
    expect(lines.find((l) => l.msg === 'request' && l.trace_id === traceId)).toMatchObject({ status: 200 });
  });

  it('names a request no route matched by its method, with its status', async () => {
    const { res, traceId } = await tracedGet('/api/no-such-route');
    expect(res.status).toBe(404);
    const server = bffSpanOf(traceId);
    expect(server?.name).toBe('GET');
    expect(server?.attributes['http.route']).toBeUndefined();
    expect(server?.attributes['http.response.status_code']).toBe(404);
    expect(server?.status.code).not.toBe(SpanStatusCode.ERROR);
  });

  it('marks the span of a 5xx answer as an error and logs its line at error level', async () => {
    // no submission service runs beside this BFF: the call behind the route fails, the BFF answers 5xx
    const { res, traceId } = await tracedGet('/api/artist-selection/submissions');
    expect(res.status).toBeGreaterThanOrEqual(500);
    const server = bffSpanOf(traceId);
    expect(server?.name).toBe('GET /api/artist-selection/submissions');
    expect(server?.attributes['http.response.status_code']).toBe(res.status);
    expect(server?.attributes['error.type']).toBe(String(res.status));
    expect(server?.status.code).toBe(SpanStatusCode.ERROR);
    const line = lines.find((l) => l.msg === 'request' && l.trace_id === traceId);
    expect(line).toMatchObject({ status: res.status, level: 'error' });
  });

  it('starts a new trace for a request without traceparent; the probes get no span', async () => {
    const before = new Set(exporter.getFinishedSpans().map((s) => s.spanContext().spanId));
    expect((await fetch(`${bff.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${bff.base}/readyz`)).status).toBe(200);
    expect((await fetch(`${bff.base}/api/csrf/csrf-token`)).status).toBe(200);
    const fresh = exporter
      .getFinishedSpans()
      .filter((s) => !before.has(s.spanContext().spanId) && s.instrumentationScope.name === '@tessera/bff');
    expect(fresh.map((s) => s.name)).toEqual(['GET /api/csrf/csrf-token']);
    expect(fresh[0]?.parentSpanContext).toBeUndefined();
  });

  it('traces nothing of /api/health: no BFF span, no span of its health checks', async () => {
    const before = new Set(exporter.getFinishedSpans().map((s) => s.spanContext().spanId));
    const { res, traceId } = await tracedGet('/api/health');
    expect([200, 503]).toContain(res.status);
    const fresh = exporter.getFinishedSpans().filter((s) => !before.has(s.spanContext().spanId));
    expect(spansOf(traceId)).toEqual([]);
    expect(fresh.filter((s) => /health/i.test(s.name)).map((s) => s.name)).toEqual([]);
  });
});

describe('the cache-hit fast path answers as the routes do', () => {
  const headersOf = (res: Response) =>
    Object.fromEntries([...res.headers].filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)));

  it('the same headers (security headers, ETag, caching, Vary, encoding) and bytes on a miss and a hit; 304', async () => {
    const c = stack.canvasIndex;
    const cases: { path: string; headers: Record<string, string> }[] = [
      { path: `/api/pixels/canvas/${c}/board/9`, headers: { 'Accept-Encoding': 'gzip, deflate, br' } },
      { path: `/api/pixels/canvas/${c}/board/10`, headers: { 'Accept-Encoding': 'gzip' } },
      {
        path: `/api/canvas-composite/canvas/${c}/render?format=webp&scale=1&quality=95&grid=false&preview=true`,
        headers: {},
      },
      { path: `/api/canvas-composite/canvas/${c}/render?preview=false&t=5`, headers: {} },
    ];
    const { boards, composites } = readCaches(bff.deps);
    for (const { path, headers } of cases) {
      const hits = boards.hits + composites.hits;
      const miss = await fetch(`${bff.base}${path}`, { headers });
      const missBytes = Buffer.from(await miss.arrayBuffer());
      const hit = await fetch(`${bff.base}${path}`, { headers });
      const hitBytes = Buffer.from(await hit.arrayBuffer());
      expect(boards.hits + composites.hits, path).toBe(hits + 1);
      expect(hit.status, path).toBe(200);
      expect(headersOf(hit), path).toEqual(headersOf(miss));
      expect(hit.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(hitBytes.equals(missBytes), path).toBe(true);
      const etag = hit.headers.get('etag')!;
      const unchanged = await fetch(`${bff.base}${path}`, { headers: { ...headers, 'If-None-Match': etag } });
      expect(unchanged.status, path).toBe(304);
      expect(unchanged.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

describe('untraced cache hits, answered before Koa (routes/hot-reads.ts)', () => {
  const headersOf = (res: Response) =>
    Object.fromEntries([...res.headers].filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)));

  /** The count of the RED histogram for one route and status. */
  async function countOf(route: string, status: number): Promise<number> {
    const text = await metricsRegistry.getSingleMetricAsString('tessera_http_request_duration_seconds');
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('tessera_http_request_duration_seconds_count{') &&
          l.includes(`route="${route}"`) &&
          l.includes(`status="${status}"`),
      );
    return line ? Number(line.split(' ').pop()) : 0;
  }

  it('answers a hit without traceparent as a traced hit does, with no span, counted and logged', async () => {
    const path = `/api/pixels/canvas/${stack.canvasIndex}/board/11`;
    const accept = { 'Accept-Encoding': 'gzip, deflate, br' };
    await (await fetch(`${bff.base}${path}`, { headers: accept })).arrayBuffer(); // the miss fills the cache
    const { boards } = readCaches(bff.deps);
    const hits = boards.hits;
    const counted = await countOf(BOARD_ROUTE, 200);
    const spans = exporter.getFinishedSpans().length;
    const plain = await fetch(`${bff.base}${path}`, { headers: accept });
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    expect(exporter.getFinishedSpans().length, 'no span for an untraced hit').toBe(spans);
    expect(boards.hits).toBe(hits + 1);
    expect(await countOf(BOARD_ROUTE, 200)).toBe(counted + 1);
    const line = lines.findLast((l) => l.msg === 'request' && l.path === path);
    expect(line).toMatchObject({ method: 'GET', status: 200 });
    expect(line?.trace_id).toBeUndefined();

    const traced = await fetch(`${bff.base}${path}`, {
      headers: { ...accept, traceparent: `00-${hex(32)}-${hex(16)}-01` },
    });
    const tracedBytes = Buffer.from(await traced.arrayBuffer());
    expect(boards.hits).toBe(hits + 2);
    expect(exporter.getFinishedSpans().length, 'a traced hit has its span').toBe(spans + 1);
    expect(headersOf(plain)).toEqual(headersOf(traced));
    expect(plain.headers.get('content-encoding')).toBe('br');
    expect(plainBytes.equals(tracedBytes)).toBe(true);

    const unchanged = await fetch(`${bff.base}${path}`, {
      headers: { ...accept, 'If-None-Match': plain.headers.get('etag')! },
    });
    expect(unchanged.status).toBe(304);
    expect(exporter.getFinishedSpans().length).toBe(spans + 1);
    expect(await countOf(BOARD_ROUTE, 304)).toBeGreaterThan(0);
  });

  it('leaves to Koa what a hit would answer differently: HEAD, a forwarded scheme, a plain-JSON client', async () => {
    const path = `/api/pixels/canvas/${stack.canvasIndex}/board/12`;
    await (await fetch(`${bff.base}${path}`, { headers: { 'Accept-Encoding': 'br' } })).arrayBuffer();
    const spans = exporter.getFinishedSpans().length;
    const head = await fetch(`${bff.base}${path}`, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBeNull();
    // the test app trusts no proxy: Koa drops the header and answers over plain HTTP (no HSTS)
    const forwarded = await fetch(`${bff.base}${path}`, {
      headers: { 'Accept-Encoding': 'br', 'X-Forwarded-Proto': 'https' },
    });
    await forwarded.arrayBuffer();
    expect(forwarded.headers.get('strict-transport-security')).toBeNull();
    const plainJson = await fetch(`${bff.base}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(((await plainJson.json()) as { success: boolean }).success).toBe(true);
    // each of the three went the Koa way: a root span each
    expect(exporter.getFinishedSpans().length).toBe(spans + 3);
  });
});
