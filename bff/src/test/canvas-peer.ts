/**
 * A BFF (every route module) in front of a canvas service with only the handlers a test gives, for
 * tests of how the BFF answers what a peer does (refuses it, has no handler).
 */
import type { ServiceImpl } from '@connectrpc/connect';
import { createLogger, startRpcServer, type RpcServer, type RpcTrust } from '@tessera/kit';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { createApp } from '../app.js';
import { testDeps } from './deps.js';
import { listen } from './listen.js';

export async function bffBeforeCanvas(
  handlers: Partial<ServiceImpl<typeof CanvasRpc>>,
  trust?: RpcTrust,
): Promise<{ base: string; close(): Promise<void> }> {
  const canvas: RpcServer = await startRpcServer({
    name: 'canvas',
    host: '127.0.0.1',
    port: 0,
    logger: createLogger('bff-test', { level: 'silent' }),
    routes: (router) => {
      router.service(CanvasRpc, handlers);
    },
    trust,
  });
  const bff = await listen(createApp(testDeps({ canvas: canvas.url })));
  return {
    base: bff.base,
    async close() {
      await bff.close();
      await canvas.close();
    },
  };
}
