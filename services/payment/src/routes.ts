import type { ConnectRouter } from '@connectrpc/connect';
import { PaymentService as PaymentServiceDesc } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import type { PaymentService } from './service/payment-service.js';

/** The payment service's RPCs, mapped onto the core. */
export function routes(core: PaymentService): (router: ConnectRouter) => void {
  return (router) =>
    router.service(PaymentServiceDesc, {
      getPaymentConfig: () => core.config(),
      createPaymentIntent: async (req) => ({ intent: await core.checkout.createIntent(req) }),
      updateIntentAddress: async (req) => ({
        intent: await core.checkout.updateAddress(req.userId, req.intentId, req.billingAddress),
      }),
      getPaymentIntent: async (req) => ({ intent: await core.getIntent(req.userId, req.intentId) }),
      confirmSandboxPayment: (req) => core.confirmSandbox(req),
      authenticateSandboxPayment: (req) => core.authenticateSandbox(req),
      commitOrder: (req) => core.commit(req),
      handleProviderEvent: (req) => core.handleEvent(req.payload, req.signature),
      trackPaymentIntent: async (req) => {
        await core.records.track(req);
        return {};
      },
      recordPixelPurchase: async (req) => {
        await core.records.recordPurchase(req);
        return {};
      },
      getLedger: (req) => core.ledger(req.canvasIndex),
      listOrdersForUser: (req) => core.ordersOf(req),
    });
}

export const SERVICES = [PaymentServiceDesc.typeName];
