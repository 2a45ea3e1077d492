/**
 * The lock service and the canvas service as real Connect servers on loopback ports (HTTP/2), the
 * canvas service checking locks through the lock service exactly as main.ts wires it, over a given
 * key-value store (embedded or Redis) and one in-process bus.
 */
import type { Client } from '@connectrpc/connect';
import { createPeerClient, type KeyValueStore, type Logger, type RpcServer } from '@tessera/kit';
import { tempDir, testLogger, startTestRpcServer } from '@tessera/kit/testing';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import {
  createCanvas,
  startCanvasServer,
  testArt,
  type CanvasService as CanvasCore,
} from '@tessera/canvas/testing';
import { lockGateOver } from '../../services/canvas/src/adapters/lock-gate.js';
import { createLock, type Lock } from '@tessera/lock/testing';
import { createEmbeddedDocumentStore, createInProcessBus } from '@tessera/embedded';

export interface LockStack {
  lock: Lock;
  lockServer: RpcServer;
  canvasServer: RpcServer;
  canvasCore: CanvasCore;
  canvasIndex: number;
  lockRpc: Client<typeof LockService>;
  canvasRpc: Client<typeof CanvasService>;
  close(): Promise<void>;
}

/** A lock service's RPC server (without service identity) on a loopback port, for tests. */
export function startLockServer(lock: Lock, logger: Logger): Promise<RpcServer> {
  return startTestRpcServer({ name: 'lock', logger, routes: lock.routes, services: lock.services });
}

export async function startLockStack(
  kv: KeyValueStore,
  opts: { minuteMs?: number } = {},
): Promise<LockStack> {
  const logger = testLogger('lock-stack');
  const bus = createInProcessBus();
  const lock = createLock({ kv, bus, logger, minuteMs: opts.minuteMs, sweeper: { everyMs: 100 } });
  const lockServer = await startLockServer(lock, logger);
  const tmp = tempDir('tessera-lock-stack-');
  const store = await createEmbeddedDocumentStore(tmp.dir);
  const canvasCore = await createCanvas({
    store,
    bus,
    logger,
    locks: lockGateOver(createPeerClient(LockService, lockServer.url, { timeoutMs: 5000 })),
  });
  const { canvasIndex } = await canvasCore.createCanvas({
    name: 'Lock test',
    description: '',
    colorsOf: testArt,
    activate: true,
  });
  const canvasServer = await startCanvasServer(canvasCore, logger);
  return {
    lock,
    lockServer,
    canvasServer,
    canvasCore,
    canvasIndex,
    lockRpc: createPeerClient(LockService, lockServer.url, { timeoutMs: 5000 }),
    canvasRpc: createPeerClient(CanvasService, canvasServer.url, { timeoutMs: 5000 }),
    async close() {
      await canvasServer.close(0);
      await lockServer.close(0);
      await lock.close();
      await store.close();
      await bus.close();
      tmp.cleanup();
    },
  };
}
