// testing/redis-server.mjs: the private redis-server is ready (it answers PING at once, no retry) when
// startRedisServer resolves, and a server that cannot start (its port taken) is an error naming it.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts } from '../../scripts/lib/launch-stack.mjs';
import { redisServerBinary, startRedisServer } from '../redis-server.mjs';

/** One PING over a fresh connection: its answer, or the connection's error. */
function ping(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write('PING\r\n'));
    s.once('data', (d) => {
      s.destroy();
      resolve(d.toString().trim());
    });
    s.once('error', reject);
  });
}

describe.skipIf(redisServerBinary() === null)('a private redis-server', () => {
  it('answers as soon as it is started, and is gone once stopped', async () => {
    const { base } = await freePorts();
    const redis = (await startRedisServer(base))!;
    try {
      expect(await ping(base)).toBe('+PONG');
    } finally {
      await redis.stop();
    }
    await expect(ping(base)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('says so when it cannot start on its port', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as net.AddressInfo).port;
      await expect(startRedisServer(port)).rejects.toThrow(`redis-server did not start on port ${port}`);
    } finally {
      taken.close();
    }
  });
});
