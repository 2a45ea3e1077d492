/** What docstore-durability.test.ts and its writer process (durability-writer.ts) share. */
import type { Doc } from '@tessera/kit';

export interface Item extends Doc {
  /** Unique (ITEMS_INDEX). */
  key: string;
  version: number;
  value: number;
  tags: string[];
  note: string;
}

export interface Counter extends Doc {
  n: number;
  /** Only on the compare-and-set document SHARED: always 2 * n. */
  value?: number;
}

export const ITEMS_INDEX = [{ fields: { key: 1 as const }, unique: true }];
/** Documents each collection keeps in memory: the rest live in the spill file (doc-table.ts). */
export const HOT_DOCUMENTS = 4;
/** Counters incremented with upserting `$inc`s. */
export const COUNTERS = ['ctr-0', 'ctr-1', 'ctr-2'];
/** The counter incremented by compare-and-set (read, yield, update if `n` is unchanged). */
export const SHARED = 'shared';

/** One stdout line of the writer (see durability-writer.ts). */
export type Line =
  | { t: 'ready' }
  | { t: 'i'; s: number; id: string; after: Item | null }
  | { t: 'a'; s: number }
  | { t: 'ci' | 'ca'; k: string };
