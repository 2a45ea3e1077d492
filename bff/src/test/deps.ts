/** Builds BffDeps for tests from real local parts (in-process key-value store and bus). */
import { loadConfig, PEERS, type PeerName } from '@tessera/kit';
import { testLogger } from '@tessera/kit/testing';
import { readBffSettings } from '../config.js';
import type { BffDeps } from '../deps.js';
import { createPeers } from '../peers.js';
import { createInProcessBus, createMemoryKeyValueStore } from '@tessera/embedded';

export function testDeps(
  peerUrls: Partial<Record<PeerName, string>>,
  overrides: Partial<BffDeps> & { env?: Record<string, string> } = {},
): BffDeps {
  const urls = Object.fromEntries(PEERS.map((p) => [p, peerUrls[p] ?? 'http://127.0.0.1:9'])) as Record<
    PeerName,
    string
  >;
  const env = {
    ...overrides.env,
    ...Object.fromEntries(PEERS.map((p) => [`${p.toUpperCase()}_URL`, urls[p]])),
  };
  const config = loadConfig('bff', readBffSettings, env);
  const { env: _env, ...rest } = overrides;
  return {
    logger: testLogger('bff'),
    config,
    peers: createPeers(urls, 2000),
    kv: createMemoryKeyValueStore(),
    bus: createInProcessBus(),
    isShuttingDown: () => false,
    now: () => Date.now(),
    ...rest,
  };
}
