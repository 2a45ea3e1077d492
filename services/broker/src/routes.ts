import type { ConnectRouter } from '@connectrpc/connect';
import { BrokerService as BrokerRpc } from '@tessera/proto/tessera/bus/v1/broker_pb.js';
import type { BrokerService } from './service/broker-service.js';

/** The broker's RPCs (`tessera.bus.v1.BrokerService`), mapped onto the service. */
export function routes(core: BrokerService): (router: ConnectRouter) => void {
  return (router) => {
    router.service(BrokerRpc, {
      publish: (req, ctx) => core.publish(req, ctx),
      publishBatch: (req, ctx) => ({ results: core.publishBatch(req, ctx) }),
      consume: (req, ctx) => core.consume(req, ctx),
      ack: (req, ctx) => (core.ack(req, ctx), {}),
      nak: (req, ctx) => (core.nak(req, ctx), {}),
      term: (req, ctx) => (core.term(req, ctx), {}),
      subscribe: (req, ctx) => core.subscribe(req, ctx),
      lastSeq: () => ({ seq: core.lastSeq() }),
    });
  };
}

/** The registered services' names (grpc.health.v1 reports each). */
export const SERVICES = [BrokerRpc.typeName];
