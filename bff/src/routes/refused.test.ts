// A peer that refuses the BFF's service identity (no token, an unknown key, a caller its trust table
// does not list) is a deployment error, not the user's: the BFF answers 500 with the generic message
// (never a 401 or 403 that would end the user's session or blame them) and logs it.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, GENERIC_MESSAGE, startRpcServer, type RpcServer } from '@tessera/kit';
import { testIdentities } from '@tessera/kit/testing';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { createApp } from '../app.js';
import { testDeps } from '../test/deps.js';

const logger = createLogger('bff-test', { level: 'silent' });
let canvas: RpcServer;
let server: http.Server;
let base = '';
let handled = 0;

beforeAll(async () => {
  // a canvas guarded as the canvas process is; the BFF of this test has no service identity
  canvas = await startRpcServer({
    name: 'canvas',
    host: '127.0.0.1',
    port: 0,
    logger,
    routes: (router) => {
      router.service(CanvasRpc, { getActiveCanvas: () => (handled++, {}) });
    },
    trust: testIdentities().trust('canvas'),
  });
  server = createApp(testDeps({ canvas: canvas.url })).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await canvas.close();
});

describe('a peer that refuses the BFF', () => {
  it('answers 500 with the generic error body', async () => {
    const res = await fetch(`${base}/api/canvases/active`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({
      success: false,
      error: 'INTERNAL_SERVER_ERROR',
      statusCode: 500,
      message: GENERIC_MESSAGE,
    });
    expect(handled).toBe(0);
  });
});
