// A private redis-server for a benchmark (no persistence, loopback only, its own port), so a Redis
// figure (or a test that kills it) never touches a shared server's data. Null when no redis-server
// binary is installed. Types: redis-server.d.mts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CANDIDATES = ['/usr/bin/redis-server', '/usr/sbin/redis-server', '/usr/local/bin/redis-server'];

export function redisServerBinary() {
  for (const c of CANDIDATES) if (fs.existsSync(c)) return c;
  const which = spawnSync('which', ['redis-server'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

/**
 * @param {number} port
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<void>, kill: () => Promise<void> } | null>}
 */
export async function startRedisServer(port) {
  const bin = redisServerBinary();
  if (!bin) return null;
  const child = spawn(
    bin,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'yes',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  // redis-server says when it listens: wait for its line, not for a port that answers
  let out = '';
  const ready = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 10_000);
    child.stdout.on('data', (d) => {
      out = (out + d).slice(-4000);
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error(`redis-server did not start on port ${port}:\n${out}`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: /** @type {number} */ (child.pid),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
