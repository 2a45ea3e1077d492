/**
 * The writer process of docstore-durability.test.ts, killed with SIGKILL at a random moment.
 *
 *   node --import <kit>/src/testing/ts-loader.mjs durability-writer.ts <dir> <cycle> <seed> <compactEveryWrites>
 *
 * Opens the embedded store in <dir> and writes until killed, from several concurrent workers:
 * collection `items` (unique index on `key`): inserts, duplicate-key inserts (refused), upserts,
 * `$inc`/`$set`/`$push` updates, compare-and-set on `version` (also stale ones, which must match
 * nothing), replaceOne, findOneAndUpdate through the unique key, deletes; collection `counters`:
 * upserting `$inc`s of shared counters and compare-and-set increments of one shared document.
 * Each worker owns its items, so it knows the state every write of its own leaves behind.
 *
 * Protocol (one JSON object per stdout line, written synchronously with write(2)):
 *   {t:'i', s, id, after}  intent: about to write item `id`, which becomes `after` (null: absent)
 *   {t:'a', s}             acknowledged: the write of intent `s` resolved as expected
 *   {t:'ci', k} / {t:'ca', k}  intent / acknowledgement of one increment of counter `k`
 * An intent is printed before the write is started, an acknowledgement after its promise resolved.
 * Anything unexpected is printed to stderr and exits with status 1.
 */
import fs from 'node:fs';
import { setImmediate as tick } from 'node:timers/promises';
import { EmbeddedDocumentStore } from '../store.js';
import { DuplicateKeyError, type Collection } from '@tessera/kit/ports';
import { seeded } from './random-json.js';
import {
  COUNTERS,
  HOT_DOCUMENTS,
  ITEMS_INDEX,
  SHARED,
  type Counter,
  type Item,
  type Line,
} from './durability-shared.js';

const WORKERS = 6;

const [dir, cycleArg, seedArg, everyArg] = process.argv.slice(2);
const cycle = Number(cycleArg);
const random = seeded(Number(seedArg));
const int = (n: number): number => Math.floor(random() * n);

/**
 * Writes a protocol line with write(2) itself: process.stdout queues in memory when the pipe is
 * full, and a queued line would die with the process although its write may have happened.
 */
function emit(line: Line): void {
  const buf = Buffer.from(`${JSON.stringify(line)}\n`);
  for (let off = 0; off < buf.length;) {
    try {
      off += fs.writeSync(1, buf, off);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}
const fail = (msg: string): never => {
  fs.writeSync(2, `durability-writer (cycle ${cycle}): ${msg}\n`);
  process.exit(1);
};
const expectThat = (ok: boolean, what: string): void => {
  if (!ok) fail(what);
};

let seq = 0;
let fresh = 0;
const newId = (w: number): string => `c${cycle}w${w}n${fresh++}`;
const newKey = (): string => `k${cycle}-${fresh++}-${int(1e9).toString(36)}`;
/** Mostly short notes; now and then one of several pages, so appends span pages. */
const note = (): string => (int(30) === 0 ? 'x'.repeat(8_000 + int(32_000)) : 'n'.repeat(int(120)));

/** Announces a write of item `id`, runs it, then acknowledges it. */
async function write(
  id: string,
  after: Item | null,
  run: () => Promise<boolean>,
  what: string,
): Promise<void> {
  const s = ++seq;
  emit({ t: 'i', s, id, after });
  expectThat(await run(), `${what} of ${id} did not have the expected result`);
  emit({ t: 'a', s });
}

class Worker {
  readonly owned = new Map<string, Item>();
  readonly #busy = new Set<string>();

  constructor(
    readonly w: number,
    private readonly items: Collection<Item>,
    private readonly counters: Collection<Counter>,
  ) {}

  async run(): Promise<never> {
    for (;;) {
      const batch = int(4) === 0 ? 3 : 1;
      await Promise.all(Array.from({ length: batch }, () => this.#one()));
      await tick();
    }
  }

  async #one(): Promise<void> {
    const r = random();
    if (r < 0.08) return this.#increment();
    if (r < 0.13) return this.#sharedCas();
    const idle = [...this.owned.keys()].filter((id) => !this.#busy.has(id));
    if (idle.length === 0 || (r < 0.35 && this.owned.size < 25)) return this.#create();
    const id = idle[int(idle.length)] as string;
    this.#busy.add(id);
    try {
      await this.#update(this.owned.get(id) as Item, this.owned.size > 12 && int(5) === 0);
    } finally {
      this.#busy.delete(id);
    }
  }

  async #create(): Promise<void> {
    const doc: Item = {
      _id: newId(this.w),
      key: newKey(),
      version: 0,
      value: int(100),
      tags: [],
      note: note(),
    };
    const { _id, ...fields } = doc;
    this.owned.set(_id, doc);
    this.#busy.add(_id);
    if (int(2) === 0) {
      await write(_id, doc, () => this.items.insertOne(doc).then(() => true), 'insertOne');
    } else {
      const upsert = () => this.items.updateOne({ _id }, { $set: fields }, { upsert: true });
      await write(_id, doc, async () => (await upsert()).upsertedId === _id, 'upsert (insert)');
    }
    this.#busy.delete(_id);
  }

  async #update(d: Item, remove: boolean): Promise<void> {
    const { items } = this;
    const _id = d._id;
    const set = (after: Item | null) => (after ? this.owned.set(_id, after) : this.owned.delete(_id));
    if (remove) {
      set(null);
      return write(_id, null, async () => (await items.deleteOne({ _id })).deletedCount === 1, 'deleteOne');
    }
    const modified = async (p: Promise<{ modifiedCount: number }>) => (await p).modifiedCount === 1;
    switch (int(8)) {
      case 0: {
        const after = { ...d, value: d.value + 3, note: note() };
        set(after);
        return write(
          _id,
          after,
          () => modified(items.updateOne({ _id }, { $inc: { value: 3 }, $set: { note: after.note } })),
          '$inc/$set',
        );
      }
      case 1: {
        const after = { ...d, value: int(1000), version: d.version + 1 };
        set(after);
        const cas = () =>
          items.updateOne(
            { _id, version: d.version },
            { $set: { value: after.value }, $inc: { version: 1 } },
          );
        return write(_id, after, () => modified(cas()), 'compare-and-set');
      }
      case 2: {
        const stale = () =>
          items.updateOne({ _id, version: d.version + 1 }, { $set: { value: -1 }, $inc: { version: 1 } });
        return write(_id, d, async () => (await stale()).matchedCount === 0, 'stale compare-and-set');
      }
      case 3: {
        const after = { ...d, key: newKey() };
        set(after);
        return write(
          _id,
          after,
          () => modified(items.updateOne({ _id }, { $set: { key: after.key } })),
          'rekey',
        );
      }
      case 4: {
        const tag = `t${int(1000)}`;
        const after = { ...d, tags: [...d.tags, tag] };
        set(after);
        return write(_id, after, () => modified(items.updateOne({ _id }, { $push: { tags: tag } })), '$push');
      }
      case 5: {
        // A duplicate of this item's key under a new _id: refused, so that document never exists.
        const dup: Item = { ...d, _id: newId(this.w) };
        return write(
          dup._id,
          null,
          () =>
            items.insertOne(dup).then(
              () => false,
              (err: unknown) => err instanceof DuplicateKeyError,
            ),
          'duplicate insert',
        );
      }
      case 6: {
        const after = { ...d, version: d.version + 1, value: d.value * 2 };
        set(after);
        const fau = () =>
          items.findOneAndUpdate({ key: d.key }, { $inc: { version: 1 }, $set: { value: after.value } });
        return write(_id, after, async () => (await fau())?.version === after.version, 'findOneAndUpdate');
      }
      default: {
        const after: Item = {
          _id,
          key: d.key,
          version: d.version + 1,
          value: d.value + 1,
          tags: [],
          note: note(),
        };
        set(after);
        return write(
          _id,
          after,
          () => modified(items.replaceOne({ _id, version: d.version }, after)),
          'replaceOne',
        );
      }
    }
  }

  async #increment(): Promise<void> {
    const k = COUNTERS[int(COUNTERS.length)] as string;
    emit({ t: 'ci', k });
    await this.counters.updateOne({ _id: k }, { $inc: { n: 1 } }, { upsert: true });
    emit({ t: 'ca', k });
  }

  /** Read, yield (so other workers interleave), compare-and-set; retried on conflict. */
  async #sharedCas(): Promise<void> {
    for (;;) {
      const cur = await this.counters.findOne({ _id: SHARED });
      if (!cur) return fail('the shared document is missing');
      await tick();
      emit({ t: 'ci', k: SHARED });
      const res = await this.counters.updateOne(
        { _id: SHARED, n: cur.n },
        { $inc: { n: 1 }, $set: { value: 2 * (cur.n + 1) } },
      );
      if (res.modifiedCount === 1) return emit({ t: 'ca', k: SHARED });
    }
  }
}

async function main(): Promise<void> {
  if (!dir || !Number.isSafeInteger(cycle))
    fail('usage: durability-writer <dir> <cycle> <seed> <compactEveryWrites>');
  // few documents in memory: most writes also spill a document, so kills land in spills too
  const store = await EmbeddedDocumentStore.open(dir as string, {
    compactEveryWrites: Number(everyArg),
    hotDocuments: HOT_DOCUMENTS,
  });
  const items = await store.collection<Item>('items', { indexes: ITEMS_INDEX });
  const counters = await store.collection<Counter>('counters');
  await counters.updateOne({ _id: SHARED }, { $setOnInsert: { n: 0, value: 0 } }, { upsert: true });
  const workers = Array.from({ length: WORKERS }, (_, w) => new Worker(w, items, counters));
  // The items of earlier cycles are dealt out to the workers.
  (await items.find({})).forEach((d, i) => (workers[i % WORKERS] as Worker).owned.set(d._id, d));
  emit({ t: 'ready' });
  await Promise.all(workers.map((w) => w.run()));
}

main().catch((err: unknown) => fail(err instanceof Error ? (err.stack ?? err.message) : String(err)));
