import { describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { Health, HealthCheckResponse_ServingStatus as S } from '@tessera/proto/grpc/health/v1/health_pb.js';
import { BrokerService } from '@tessera/proto/tessera/bus/v1/broker_pb.js';
import { createPeerClient } from '../rpc/client.js';
import { testIdentities } from './identities.js';
import { rpcError } from './refusal.js';
import { startTestRpcServer } from './rpc-server.js';

describe('startTestRpcServer', () => {
  it('serves on loopback at a port of its own, so servers started at once never collide', async () => {
    const servers = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        startTestRpcServer({ name, routes: () => {}, services: ['tessera.x.v1.X'] }),
      ),
    );
    try {
      expect(new Set(servers.map((s) => s.port)).size).toBe(3);
      for (const server of servers) {
        expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
        const health = createPeerClient(Health, server.url);
        expect((await health.check({ service: 'tessera.x.v1.X' })).status).toBe(S.SERVING);
      }
    } finally {
      await Promise.all(servers.map((s) => s.close(0)));
    }
  });

  it('answers anyone without trust, and only allowed callers with it', async () => {
    const ids = testIdentities();
    const server = await startTestRpcServer({
      name: 'broker',
      routes: (router) => router.service(BrokerService, { ack: () => ({}) }),
      trust: ids.trust('broker'),
    });
    const open = await startTestRpcServer({
      name: 'broker',
      routes: (router) => router.service(BrokerService, { ack: () => ({}) }),
    });
    try {
      // no service token: refused by the guard
      expect((await rpcError(createPeerClient(BrokerService, server.url).ack({}))).code).toBe(
        Code.Unauthenticated,
      );
      await expect(createPeerClient(BrokerService, open.url).ack({})).resolves.toBeDefined();
    } finally {
      await Promise.all([server.close(0), open.close(0)]);
    }
  });
});
