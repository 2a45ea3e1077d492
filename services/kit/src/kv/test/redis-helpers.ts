/** Test helpers for suites against a real Redis (excluded from builds: lives under test/). */
import net from 'node:net';
import { createClient } from 'redis';
import type { RedisClient } from '../redis-connection.js';
import { escapeGlob } from '../validate.js';

/** Runs `fn` with a plain client of its own (not the store under test), then closes it. */
export async function withRawClient<T>(url: string, fn: (c: RedisClient) => Promise<T>): Promise<T> {
  const client: RedisClient = createClient({ url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

/** Every key under `prefix` (literal prefix; glob characters escaped). */
export async function keysWithPrefix(url: string, prefix: string): Promise<string[]> {
  return withRawClient(url, async (c) => {
    const keys: string[] = [];
    for await (const page of c.scanIterator({ MATCH: `${escapeGlob(prefix)}*`, COUNT: 1000 })) {
      keys.push(...page.map(String));
    }
    return [...new Set(keys)];
  });
}

/** Deletes every key under `prefix`; returns how many were deleted. */
export async function deleteKeysWithPrefix(url: string, prefix: string): Promise<number> {
  const keys = await keysWithPrefix(url, prefix);
  if (keys.length === 0) return 0;
  return withRawClient(url, async (c) => {
    let deleted = 0;
    for (let i = 0; i < keys.length; i += 500) deleted += await c.del(keys.slice(i, i + 500));
    return deleted;
  });
}

/**
 * A TCP proxy in front of Redis on a port of its own, to cut or stall the connection of a client
 * under test: `up` forwards, `refuse` drops every connection (server down), `stall` keeps
 * connections open but forwards nothing (a server that stopped answering).
 */
export class FlakyProxy {
  readonly #server: net.Server;
  readonly #pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  #mode: 'up' | 'refuse' | 'stall' = 'up';

  private constructor(server: net.Server) {
    this.#server = server;
  }

  static async start(target: { host: string; port: number }): Promise<FlakyProxy> {
    const server = net.createServer();
    const proxy = new FlakyProxy(server);
    server.on('connection', (client) => proxy.#accept(client, target));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.#server.address() as net.AddressInfo).port;
  }

  set mode(mode: 'up' | 'refuse' | 'stall') {
    this.#mode = mode;
    for (const pair of this.#pairs) {
      if (mode === 'refuse') {
        pair.client.destroy();
        pair.upstream.destroy();
      } else if (mode === 'stall') {
        pair.client.unpipe(pair.upstream);
        pair.upstream.unpipe(pair.client);
      }
    }
  }

  async stop(): Promise<void> {
    this.mode = 'refuse';
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #accept(client: net.Socket, target: { host: string; port: number }): void {
    client.on('error', () => undefined);
    if (this.#mode === 'refuse') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => client.destroy());
    const pair = { client, upstream };
    this.#pairs.add(pair);
    const drop = () => {
      this.#pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
    if (this.#mode === 'up') {
      client.pipe(upstream);
      upstream.pipe(client);
    }
  }
}
