import { createPeerTransport, openDocumentStore, openEventBus, runService } from '@tessera/kit';
import { lockGateOver } from './adapters/lock-gate.js';
import { canvasRoutes, SERVICES } from './routes.js';
import { createCanvasCore } from './service/index.js';

await runService({
  name: 'canvas',
  async setup({ config, logger, dataDir }) {
    const store = await openDocumentStore({
      mongodbUrl: config.mongodbUrl,
      dataDir,
      database: 'tessera_canvas',
      logger,
    });
    const bus = await openEventBus({
      natsUrl: config.natsUrl,
      busUrl: config.busUrl,
      logger,
      name: 'canvas',
    });
    // Reserve and commit check board locks with the lock service (LOCK_URL).
    const locks = lockGateOver(createPeerTransport(config.peers.lock, { timeoutMs: config.rpcTimeoutMs }));
    const core = await createCanvasCore({ store, bus, logger, locks });
    await core.ensureDemoCanvas();
    return {
      routes: canvasRoutes(core),
      services: SERVICES,
      async close() {
        await bus.close();
        await store.close();
      },
    };
  },
});
