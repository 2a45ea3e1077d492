// An RPC a peer service has no handler for answers Connect UNIMPLEMENTED; the BFF turns that into a
// 501 with the spec's error body (not a 500 with the generic message).
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, startRpcServer, type RpcServer } from '@tessera/kit';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { createApp } from '../app.js';
import { testDeps } from '../test/deps.js';

const logger = createLogger('bff-test', { level: 'silent' });
let canvas: RpcServer;
let server: http.Server;
let base = '';

beforeAll(async () => {
  // the canvas contract registered without handlers: every RPC is unimplemented
  canvas = await startRpcServer({
    name: 'canvas',
    host: '127.0.0.1',
    port: 0,
    logger,
    routes: (router) => {
      router.service(CanvasRpc, {});
    },
  });
  server = createApp(testDeps({ canvas: canvas.url })).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await canvas.close();
});

describe('an unimplemented RPC behind an /api route', () => {
  it('answers 501 with the spec error body', async () => {
    const res = await fetch(`${base}/api/canvases/active`);
    expect(res.status).toBe(501);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      success: false,
      error: 'NOT_IMPLEMENTED',
      statusCode: 501,
      message: 'This feature is not available yet.',
      field: null,
    });
    expect(Number.isNaN(Date.parse(String(body.timestamp)))).toBe(false);
  });
});
