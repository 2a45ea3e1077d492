/**
 * The short unary paths (unary-transport.ts on the client, unary-handler.ts on the server) against
 * connect-node's own client and adapter: the same answers, errors, headers, deadlines and
 * compression, whichever side takes the short path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, ConnectError, createClient, type Interceptor, type Transport } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport } from '@connectrpc/connect-node';
import { LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { appError, callerRefused, REFUSED_HEADER } from '../errors/app-error.js';
import { createLogger } from '../log/logger.js';
import { eventually } from '../testing/index.js';
import { createPeerTransport } from './client.js';
import { startRpcServer, type RpcServer } from './server.js';

const logger = createLogger('test', { level: 'silent' });

let server: RpcServer;
/** What the server's handlers saw: the signal of the last `extendLock`, the handler calls. */
const seen: { signal?: AbortSignal; releases: number } = { releases: 0 };

beforeAll(async () => {
  server = await startRpcServer({
    name: 't',
    host: '127.0.0.1',
    port: 0,
    logger,
    routes: (router) => {
      router.service(LockService, {
        releaseLock: (req, ctx) => {
          seen.releases++;
          if (req.userId === 'refused') throw callerRefused(Code.PermissionDenied, 'not you');
          if (req.userId === 'conflict')
            throw appError('LOCK_CONFLICT', 'held by another', { field: 'board' });
          if (req.userId === 'boom') throw new Error('a bug');
          ctx.responseHeader.set('x-answer', 'yes');
          ctx.responseTrailer.set('x-after', 'done');
          return { released: req.explicit };
        },
        // waits until its call is cancelled (deadline or the caller's abort)
        extendLock: async (_req, ctx) => {
          seen.signal = ctx.signal;
          await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
          return {};
        },
        listLocks: (req) => ({
          locks: Array.from({ length: req.canvasIndex }, (_, i) => ({
            id: `lock-${i}`,
            username: 'x'.repeat(40),
          })),
        }),
        getUserLock: (_req, ctx) => {
          seen.signal = ctx.signal;
          return {};
        },
      });
    },
  });
});
afterAll(() => server.close());

/** The client transports: ours, and connect-node's over Connect (binary and JSON) and gRPC. */
function transports(interceptors: Interceptor[] = []): Record<string, Transport> {
  const baseUrl = server.url;
  return {
    peer: createPeerTransport(baseUrl, { interceptors }),
    connect: createConnectTransport({ baseUrl, httpVersion: '2', interceptors }),
    json: createConnectTransport({ baseUrl, httpVersion: '2', useBinaryFormat: false, interceptors }),
    grpc: createGrpcTransport({ baseUrl, interceptors }),
  };
}

describe('unary calls on the short paths', () => {
  it('answer the message, the response headers and trailers to every client', async () => {
    const headers: Record<string, [string | null, string | null]> = {};
    for (const [name, t] of Object.entries(
      transports([
        (next) => async (req) => {
          const res = await next(req);
          headers[req.header.get('content-type') ?? ''] = [
            res.header.get('x-answer'),
            res.trailer.get('x-after'),
          ];
          return res;
        },
      ]),
    )) {
      const client = createClient(LockService, t);
      expect((await client.releaseLock({ explicit: true })).released, name).toBe(true);
      expect((await client.releaseLock({ explicit: false })).released, name).toBe(false);
    }
    for (const [type, got] of Object.entries(headers)) expect(got, type).toEqual(['yes', 'done']);
    expect(Object.keys(headers)).toHaveLength(3); // proto, json and grpc+proto
  });

  it('carry an error with its code, message and metadata; an unexpected one as internal', async () => {
    for (const [name, t] of Object.entries(transports())) {
      const client = createClient(LockService, t);
      const err = await client.releaseLock({ userId: 'refused' }).catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(ConnectError);
      expect((err as ConnectError).code, name).toBe(Code.PermissionDenied);
      expect((err as ConnectError).rawMessage, name).toBe('service identity: not you');
      expect((err as ConnectError).metadata.get(REFUSED_HEADER), name).toBe('permission_denied');
      const conflict = (await client
        .releaseLock({ userId: 'conflict' })
        .catch((e: unknown) => e)) as ConnectError;
      expect([conflict.code, conflict.rawMessage], name).toEqual([
        appError('LOCK_CONFLICT', '').code,
        'held by another',
      ]);
      expect(
        [...conflict.metadata.entries()].filter(([k]) => k.startsWith('tessera-')),
        name,
      ).toEqual([...appError('LOCK_CONFLICT', '', { field: 'board' }).metadata.entries()]);
      const bug = await client.releaseLock({ userId: 'boom' }).catch((e: unknown) => e);
      expect((bug as ConnectError).code, name).toBe(Code.Internal);
      expect((bug as ConnectError).rawMessage, name).not.toContain('a bug');
    }
  });

  it('compress a large answer when the caller accepts it, and read it back', async () => {
    for (const [name, t] of Object.entries(transports())) {
      let encoding: string | null = null;
      const client = createClient(LockService, t);
      const res = await client.listLocks(
        { canvasIndex: 100 },
        { onHeader: (h) => (encoding = h.get('content-encoding') ?? h.get('grpc-encoding')) },
      );
      expect(res.locks.map((l) => l.id).slice(-1), name).toEqual(['lock-99']);
      if (name === 'peer' || name === 'connect') expect(encoding, name).toBe('gzip');
    }
  });

  it('end with a deadline: the caller gets deadline_exceeded and the handler its signal aborted', async () => {
    for (const [name, t] of Object.entries(transports())) {
      seen.signal = undefined;
      const client = createClient(LockService, t);
      const err = await client.extendLock({}, { timeoutMs: 150 }).catch((e: unknown) => e);
      expect((err as ConnectError).code, name).toBe(Code.DeadlineExceeded);
      await eventually(() => seen.signal?.aborted === true, 5000);
    }
  });

  it("end with the caller's abort: canceled on both sides", async () => {
    for (const [name, t] of Object.entries(transports())) {
      seen.signal = undefined;
      const client = createClient(LockService, t);
      const abort = new AbortController();
      const call = client.extendLock({}, { signal: abort.signal }).catch((e: unknown) => e);
      await eventually(() => seen.signal !== undefined, 5000);
      abort.abort();
      expect(((await call) as ConnectError).code, name).toBe(Code.Canceled);
      await eventually(() => seen.signal?.aborted === true, 5000);
    }
  });

  it("abort a handler's signal when its call is over, as connect does", async () => {
    for (const [name, t] of Object.entries(transports())) {
      delete seen.signal;
      await createClient(LockService, t).getUserLock({});
      expect((seen.signal as AbortSignal | undefined)?.aborted, name).toBe(true);
    }
  });

  it('refuse a caller-given signal that is already aborted without calling the server', async () => {
    const before = seen.releases;
    const abort = new AbortController();
    abort.abort();
    const client = createClient(LockService, createPeerTransport(server.url));
    const err = await client.releaseLock({}, { signal: abort.signal }).catch((e: unknown) => e);
    expect((err as ConnectError).code).toBe(Code.Canceled);
    expect(seen.releases).toBe(before);
  });
});
