import { createClient } from 'redis';
import { appError } from '../errors/app-error.js';
import type { Logger } from '../log/logger.js';

export interface RedisConnectionOptions {
  /** `redis://[user:password@]host[:port][/db]` or `rediss://...` */
  url: string;
  logger: Logger;
  /** How long the first connection may take before opening fails, in ms. Default 10000. */
  connectTimeoutMs?: number;
  /** Deadline of each command (a stuck server cannot hang a caller), in ms. Default 5000. */
  commandTimeoutMs?: number;
  /** Longest wait between reconnection attempts, in ms. Default 2000. */
  maxReconnectDelayMs?: number;
  /** Most commands waiting for a reply at once; more fail at once instead of queueing. Default 10000. */
  maxPendingCommands?: number;
  /**
   * PING period on an idle connection, in ms (default 1000). With the socket idle timeout (three
   * periods, at least the command timeout) it detects a server that stopped answering: the socket is
   * dropped, waiting commands fail and the client reconnects.
   */
  pingIntervalMs?: number;
}

export type RedisClient = ReturnType<typeof createClient>;

/**
 * Delay before reconnection attempt `retries` (0-based): exponential from 50 ms, capped at `maxMs`,
 * plus up to 100 ms of jitter so a fleet of clients does not reconnect in lockstep.
 */
export function reconnectDelay(retries: number, maxMs: number, random: () => number = Math.random): number {
  const exp = 50 * 2 ** Math.min(Math.max(retries, 0), 16);
  return Math.min(exp, maxMs) + Math.floor(random() * 100);
}

/** The URL without credentials, for log lines and error messages. */
export function describeRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    const db = u.pathname && u.pathname !== '/' ? u.pathname : '';
    return `${u.protocol}//${u.host}${db}`;
  } catch {
    return '(invalid Redis URL)';
  }
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Creates the client, connects it within `connectTimeoutMs` and watches the connection:
 * - commands issued while the connection is down fail at once (no offline queue) instead of waiting;
 * - the queue is bounded, and a server that stops answering is detected by PINGs and an idle
 *   timeout on the socket (the store adds its own deadline to every call);
 * - the client reconnects by itself with capped exponential backoff;
 * - one warning per outage and one line when the connection is back, never a crash on 'error'.
 */
export async function connectRedis(opts: RedisConnectionOptions): Promise<RedisClient> {
  const where = describeRedisUrl(opts.url);
  const connectTimeoutMs = opts.connectTimeoutMs ?? 10_000;
  const maxDelay = opts.maxReconnectDelayMs ?? 2000;
  const commandTimeoutMs = opts.commandTimeoutMs ?? 5000;
  const pingIntervalMs = opts.pingIntervalMs ?? 1000;
  const log = opts.logger.child({ component: 'kv-redis', redis: where });

  let client: RedisClient;
  try {
    client = createClient({
      url: opts.url,
      disableOfflineQueue: true,
      commandsQueueMaxLength: opts.maxPendingCommands ?? 10_000,
      commandOptions: { timeout: commandTimeoutMs },
      pingInterval: pingIntervalMs,
      socket: {
        connectTimeout: Math.min(connectTimeoutMs, 5000),
        socketTimeout: Math.max(3 * pingIntervalMs, commandTimeoutMs),
        reconnectStrategy: (retries: number) => reconnectDelay(retries, maxDelay),
      },
    });
  } catch (err) {
    throw new Error(`REDIS_URL is not a usable Redis URL (${where}): ${messageOf(err)}`, { cause: err });
  }

  let up = false;
  let outageReported = false;
  let lastError: unknown;
  client.on('error', (err: unknown) => {
    lastError = err;
    if (!outageReported) {
      outageReported = true;
      log.warn(
        { err: messageOf(err) },
        up ? 'redis connection lost; reconnecting' : 'redis connection failed; retrying',
      );
    } else {
      log.debug({ err: messageOf(err) }, 'redis still unavailable');
    }
    up = false;
  });
  client.on('ready', () => {
    if (outageReported) log.info('redis connection restored');
    else log.debug('redis connected');
    up = true;
    outageReported = false;
  });

  const connecting = client.connect();
  connecting.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no connection within ${connectTimeoutMs} ms`)),
      connectTimeoutMs,
    );
  });
  try {
    await Promise.race([connecting, deadline]);
  } catch (err) {
    client.destroy();
    const reason =
      lastError === undefined ? messageOf(err) : `${messageOf(err)}; last error: ${messageOf(lastError)}`;
    throw appError('SERVICE_UNAVAILABLE', `Could not connect to Redis at ${where}: ${reason}`, {
      cause: err,
    });
  } finally {
    clearTimeout(timer);
  }
  return client;
}
