// The submission service has no handlers yet: over a real server, every RPC of its contract must
// answer Connect UNIMPLEMENTED (the BFF turns that into 501), never INTERNAL and never a fake result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, ConnectError, type Client } from '@connectrpc/connect';
import {
  createEmbeddedDocumentStore,
  createInProcessBus,
  createPeerClient,
  startRpcServer,
  type DocumentStore,
  type RpcServer,
} from '@tessera/kit';
import { tempDir, testLogger } from '@tessera/kit/testing';
import { SubmissionService as SubmissionRpc } from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import { routes, SERVICES } from './routes.js';
import { SubmissionService } from './service/submission-service.js';

const tmp = tempDir('tessera-submission-');
let server: RpcServer;
let client: Client<typeof SubmissionRpc>;
let store: DocumentStore;

beforeAll(async () => {
  const logger = testLogger('submission');
  store = await createEmbeddedDocumentStore(tmp.dir);
  const core = new SubmissionService({ store, bus: createInProcessBus(), logger });
  server = await startRpcServer({
    name: 'submission',
    host: '127.0.0.1',
    port: 0,
    logger,
    routes: routes(core),
    services: SERVICES,
  });
  client = createPeerClient(SubmissionRpc, server.url);
});

afterAll(async () => {
  await server.close();
  await store.close();
  tmp.cleanup();
});

describe('submission routes', () => {
  it('answers UNIMPLEMENTED for every RPC of the contract', async () => {
    const unary = SubmissionRpc.methods.filter((m) => m.methodKind === 'unary');
    expect(unary.length).toBeGreaterThanOrEqual(10);
    const call = client as unknown as Record<string, (req: object) => Promise<unknown>>;
    const calls = unary.map((m) => [m.name, () => call[m.localName]!({})] as const);
    for (const [name, call] of calls) {
      const err = await call().catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(ConnectError);
      expect((err as ConnectError).code, name).toBe(Code.Unimplemented);
    }
  });
});
