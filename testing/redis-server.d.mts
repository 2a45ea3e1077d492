export function redisServerBinary(): string | null;
export interface RedisServer {
  url: string;
  pid: number;
  /** SIGTERM, resolved when it has exited. */
  stop(): Promise<void>;
  /** SIGKILL (nothing is saved), resolved when it has exited. */
  kill(): Promise<void>;
}
/** A private redis-server on `port` (no persistence, loopback only); null without a redis-server binary. */
export function startRedisServer(port: number): Promise<RedisServer | null>;
