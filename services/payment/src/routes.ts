import type { ConnectRouter } from '@connectrpc/connect';
import { PaymentService } from '@tessera/proto/tessera/payment/v1/payment_pb.js';

/**
 * The payment service's RPCs. Its behaviour is built by its own issue; until then every RPC of the
 * contract answers UNIMPLEMENTED (Connect's answer for a method without a handler), never a fake result.
 */
export function routes(router: ConnectRouter): void {
  router.service(PaymentService, {});
}

export const SERVICES = [PaymentService.typeName];
