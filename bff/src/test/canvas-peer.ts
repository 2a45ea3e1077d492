/**
 * A BFF (every route module) in front of a canvas service with only the handlers a test gives, for
 * tests of how the BFF answers what a peer does (refuses it, has no handler).
 */
import type { ServiceImpl } from '@connectrpc/connect';
import type { RpcServer, RpcTrust } from '@tessera/kit';
import { startTestRpcServer } from '@tessera/kit/testing';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { createApp } from '../app.js';
import { testDeps } from './deps.js';
import { withListening } from './listen.js';

/**
 * Runs fn with the base URL of a BFF (every route module) in front of a canvas service that has only
 * `handlers` (and `trust`, when given, guarding it as the canvas process is); then stops both.
 */
export async function withBffBeforeCanvas(
  canvas: { handlers: Partial<ServiceImpl<typeof CanvasRpc>>; trust?: RpcTrust },
  fn: (base: string) => Promise<void>,
): Promise<void> {
  const server: RpcServer = await startTestRpcServer({
    name: 'canvas',
    routes: (router) => {
      router.service(CanvasRpc, canvas.handlers);
    },
    trust: canvas.trust,
  });
  try {
    await withListening(createApp(testDeps({ canvas: server.url })), fn);
  } finally {
    await server.close();
  }
}
