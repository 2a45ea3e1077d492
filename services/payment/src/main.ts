import { createPeerClient, openDocumentStore, openEventBus, runService } from '@tessera/kit';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { createPayment } from './setup.js';
import { readPaymentSettings } from './settings.js';

await runService({
  name: 'payment',
  config: readPaymentSettings,
  async setup({ config, logger, dataDir }) {
    const store = await openDocumentStore({
      mongodbUrl: config.mongodbUrl,
      dataDir,
      database: 'tessera_payment',
      logger,
    });
    const bus = await openEventBus({
      natsUrl: config.natsUrl,
      busUrl: config.busUrl,
      logger,
      name: 'payment',
    });
    const payment = await createPayment({
      store,
      bus,
      logger,
      settings: config,
      canvas: createPeerClient(CanvasService, config.peers.canvas, { timeoutMs: config.rpcTimeoutMs }),
      lock: createPeerClient(LockService, config.peers.lock, { timeoutMs: config.rpcTimeoutMs }),
    });
    return {
      routes: payment.routes,
      services: payment.services,
      async close() {
        await payment.close();
        await bus.close();
        await store.close();
      },
    };
  },
});
