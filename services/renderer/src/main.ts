import { createPeerClient, openEventBus, runService } from '@tessera/kit';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { rendererRoutes, SERVICES } from './routes.js';
import { startRenderer } from './service/index.js';

await runService({
  name: 'renderer',
  async setup({ config, logger }) {
    const bus = await openEventBus({
      natsUrl: config.natsUrl,
      busUrl: config.busUrl,
      logger,
      name: 'renderer',
    });
    const canvas = createPeerClient(CanvasService, config.peers.canvas, { timeoutMs: config.rpcTimeoutMs });
    const renderer = await startRenderer({ canvas, bus, logger });
    return {
      routes: rendererRoutes(renderer.core),
      services: SERVICES,
      async close() {
        await renderer.close();
        await bus.close();
      },
    };
  },
});
