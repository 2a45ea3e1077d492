/** Admin helpers for tests against a real NATS server: what a test run created, and removing it. */
import { connect, type JetStreamManager } from 'nats';

async function withManager<T>(url: string, fn: (jsm: JetStreamManager) => Promise<T>): Promise<T> {
  const nc = await connect({ servers: url, name: 'tessera-bus-test-admin' });
  try {
    return await fn(await nc.jetstreamManager());
  } finally {
    await nc.close();
  }
}

/** Deletes a stream (and with it its consumers); a missing stream is fine. */
export function deleteStream(url: string, name: string): Promise<void> {
  return withManager(url, async (jsm) => {
    await jsm.streams.delete(name).catch((err: unknown) => {
      if (!/not found/i.test(String(err))) throw err;
    });
  });
}

/** Names of the streams whose name starts with `prefix`. */
export function streamsWithPrefix(url: string, prefix: string): Promise<string[]> {
  return withManager(url, async (jsm) => {
    const names: string[] = [];
    for await (const name of jsm.streams.names()) if (name.startsWith(prefix)) names.push(name);
    return names;
  });
}

/** Runs `fn` with a JetStream manager (for checks of the server-side state). */
export const withJetStream = withManager;
