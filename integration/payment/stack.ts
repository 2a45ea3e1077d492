/**
 * The BFF in front of the real payment service (Connect over HTTP/2 on a loopback port, sandbox
 * provider), the real canvas service (same), a lock table answering ValidateLock, the renderer's
 * event consumer on the same bus, and an identity double that signs access tokens. Used by the
 * purchase and payment bad-input suites.
 */
import { clientTracing, createPeerClient, tracedBus, type RpcServer } from '@tessera/kit';
import { startTestRpcServer, testLogger } from '@tessera/kit/testing';
import { startCanvasServer } from '@tessera/canvas/testing';
import { startPaymentHarness, type PaymentHarness } from '@tessera/payment/testing';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { startBff, type RunningBff } from '../../bff/src/auth/test/app.js';
import { startIdentityDouble, type IdentityDouble } from '../../bff/src/auth/test/identity-double.js';
import { startRenderer } from '../../services/renderer/src/setup.js';
import { RawBrowser } from '../../testing/raw-http.js';
import { createInProcessBus } from '@tessera/embedded';

export interface PaymentStack {
  h: PaymentHarness;
  bff: RunningBff;
  identity: IdentityDouble;
  paymentServer: RpcServer;
  canvasServer: RpcServer;
  /** The renderer: its consumer of tessera.pixels.committed (no RPC server). */
  renderer: Awaited<ReturnType<typeof startRenderer>>;
  /** A browser signed in as `userId` (bearer token, cookies, CSRF token). */
  browser(userId: string): Promise<{ http: RawBrowser; auth: Record<string, string> }>;
  close(): Promise<void>;
}

export async function startPaymentStack(): Promise<PaymentStack> {
  // the bus traced as openEventBus traces it in every process: publish and consume spans, the trace
  // context carried in the message headers
  const bus = tracedBus(createInProcessBus({}), 'tessera_broker');
  const h = await startPaymentHarness({ interceptors: [clientTracing], bus });
  const logger = testLogger('stack');
  const [paymentServer, canvasServer, identity] = await Promise.all([
    startTestRpcServer({ name: 'payment', logger, routes: (r) => h.payment.routes(r) }),
    startCanvasServer(h.canvasCore, logger),
    startIdentityDouble(),
  ]);
  const renderer = await startRenderer({
    canvas: createPeerClient(CanvasService, canvasServer.url),
    bus: h.bus,
    logger,
    durable: `renderer-${Math.random().toString(36).slice(2, 10)}`,
    prebuild: false,
    warmDelayMs: -1,
  });
  const bff = await startBff(
    { payment: paymentServer.url, canvas: canvasServer.url, identity: identity.url },
    { deps: { bus: h.bus } },
  );
  return {
    h,
    bff,
    identity,
    paymentServer,
    canvasServer,
    renderer,
    async browser(userId) {
      const http = new RawBrowser(bff.base);
      return { http, auth: { authorization: `Bearer ${await identity.sign(userId)}` } };
    },
    async close() {
      await bff.close();
      await renderer.close();
      await Promise.all([paymentServer.close(0), canvasServer.close(0), identity.close()]);
      await h.close();
      await bus.close();
    },
  };
}
