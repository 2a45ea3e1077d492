/**
 * What the key-value contract's parts share (kv*.contract.ts): the fixture and the context each
 * part gets. The parts are put together in `contracts/index.ts`.
 */
import type { KeyValueStore } from '../kv/port.js';

export interface KeyValueFixture {
  kv: KeyValueStore;
  cleanup: () => Promise<void>;
}

/** Hands each test a store and fresh keys (unique within the store's namespace). */
export interface ContractContext {
  kv: () => KeyValueStore;
  key: (label: string) => string;
  open: () => Promise<KeyValueFixture>;
}
