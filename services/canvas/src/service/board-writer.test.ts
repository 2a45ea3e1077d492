import { describe, expect, it } from 'vitest';
import { commit, newBoard, reserve, type BoardDoc } from '../domain/board.js';
import { BoardWriter, type BoardWriterStore } from './board-writer.js';

const COLORS = 'ABCDEF'.repeat(2401);

/** Boards in a Map with a compare-and-set on the version; reads and writes take a turn of the loop. */
class FakeStore implements BoardWriterStore {
  readonly docs = new Map<string, BoardDoc>();
  writes = 0;
  /** Runs once before the next write compares versions (another replica writing meanwhile). */
  beforeWrite: (() => void) | undefined;

  constructor(boards: number[]) {
    for (const b of boards) this.docs.set(`1:${b}`, newBoard(1, b, COLORS, 0));
  }

  async read(c: number, b: number): Promise<BoardDoc> {
    await new Promise((r) => setImmediate(r));
    const doc = this.docs.get(`${c}:${b}`);
    if (!doc) throw new Error('no such board');
    return structuredClone(doc);
  }

  async write(next: BoardDoc, expectedVersion: number): Promise<boolean> {
    await new Promise((r) => setImmediate(r));
    const hook = this.beforeWrite;
    this.beforeWrite = undefined;
    hook?.();
    const key = `${next.canvasIndex}:${next.boardIndex}`;
    if (this.docs.get(key)?.version !== expectedVersion) return false;
    this.writes++;
    this.docs.set(key, structuredClone(next));
    return true;
  }
}

/** A commit of a paid order carrying its reservation (the late path: nothing reserved before). */
const commitStep = (orderId: string, offsets: number[]) => (doc: BoardDoc) => {
  const late = {
    orderId,
    userId: `user-${orderId}`,
    pixels: offsets.map((offset) => ({ offset, color: '#112233', isDefault: false })),
    fencingToken: 0,
    expiresAt: 0,
  };
  const out = commit(doc, orderId, 1000, late);
  return { next: out.ok && !out.alreadyCommitted ? out.board : null, result: out.ok };
};

describe('BoardWriter (group commit per board)', () => {
  it('applies the steps waiting for one board with one write, each with its own result and version', async () => {
    const store = new FakeStore([7]);
    const writer = new BoardWriter(store);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        writer.apply(1, 7, (doc) => {
          const out = reserve(
            doc,
            {
              orderId: `o${i}`,
              userId: 'u',
              fencingToken: 1,
              pixels: [{ x: i, y: 0, offset: i, color: '', isDefault: true }],
              ttlMs: 60_000,
            },
            1000,
          );
          return { next: out.ok ? out.board : null, result: out.ok };
        }),
      ),
    );
    expect(results.every((r) => r.result)).toBe(true);
    // the first step starts a write alone; the other 19 queue behind it and share the next one
    expect(store.writes).toBe(2);
    expect(writer.stats).toMatchObject({ writes: 2, steps: 20 });
    // each caller sees the board right after its own step: versions 1..20 in arrival order
    expect(results.map((r) => r.doc.version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const stored = store.docs.get('1:7')!;
    expect(stored.version).toBe(20);
    expect(stored.reservations.map((r) => r.orderId)).toEqual(Array.from({ length: 20 }, (_, i) => `o${i}`));
  });

  it('sells a pixel once when orders of one batch overlap', async () => {
    const store = new FakeStore([3]);
    const writer = new BoardWriter(store);
    // order i wants offsets i, i+1, i+2: neighbours overlap
    const want = (i: number) => [i, i + 1, i + 2];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => writer.apply(1, 3, commitStep(`o${i}`, want(i)))),
    );
    expect(store.writes).toBeLessThan(30);
    const winners = results.flatMap((r, i) => (r.result ? [i] : []));
    const owner = new Map<number, number>();
    for (const i of winners)
      for (const o of want(i)) {
        expect(owner.has(o), `offset ${o} sold twice`).toBe(false);
        owner.set(o, i);
      }
    const stored = store.docs.get('1:3')!;
    expect(stored.soldCount).toBe(owner.size);
    for (const [o, i] of owner) expect(stored.owners[o]).toBe(`user-o${i}`);
    expect(stored.owners.filter((x) => x !== null)).toHaveLength(owner.size);
  });

  it('recomputes the whole batch when another writer changed the board first', async () => {
    const store = new FakeStore([5]);
    const writer = new BoardWriter(store);
    store.beforeWrite = () => {
      // another replica sells offset 10 between our read and our write
      const doc = store.docs.get('1:5')!;
      const out = commit(doc, 'rival', 900, {
        orderId: 'rival',
        userId: 'rival',
        pixels: [{ offset: 10, color: '#000000', isDefault: false }],
        fencingToken: 0,
        expiresAt: 0,
      });
      if (!out.ok || out.alreadyCommitted) throw new Error('setup');
      store.docs.set('1:5', out.board);
    };
    const [a, b] = await Promise.all([
      writer.apply(1, 5, commitStep('a', [10, 11])),
      writer.apply(1, 5, commitStep('b', [20])),
    ]);
    expect(a.result).toBe(false); // offset 10 was sold by the rival: refused after the re-read
    expect(b.result).toBe(true);
    expect(writer.stats.conflicts).toBe(1);
    const stored = store.docs.get('1:5')!;
    expect(stored.owners[10]).toBe('rival');
    expect(stored.owners[11]).toBeNull();
    expect(stored.owners[20]).toBe('user-b');
  });

  it('fails a throwing step alone and keeps boards apart', async () => {
    const store = new FakeStore([1, 2]);
    const writer = new BoardWriter(store);
    const [bad, ok1, ok2] = await Promise.allSettled([
      writer.apply(1, 1, () => {
        throw new Error('bad input');
      }),
      writer.apply(1, 1, commitStep('x', [0])),
      writer.apply(1, 2, commitStep('y', [0])),
    ]);
    expect(bad.status).toBe('rejected');
    expect(ok1.status === 'fulfilled' && ok1.value.result).toBe(true);
    expect(ok2.status === 'fulfilled' && ok2.value.result).toBe(true);
    expect(store.docs.get('1:1')!.owners[0]).toBe('user-x');
    expect(store.docs.get('1:2')!.owners[0]).toBe('user-y');
  });

  it('retries a lost race at once five times, then waits a jittered backoff before each retry', async () => {
    const store = new FakeStore([8]);
    let writes = 0;
    store.write = async () => {
      writes++;
      return false;
    };
    let draws = 0;
    const random = () => {
      draws++;
      return 0;
    };
    const writer = new BoardWriter(store, { maxAttempts: 8, random });
    await expect(writer.apply(1, 8, commitStep('w', [0]))).rejects.toThrow(/busy/);
    expect(writes).toBe(8);
    // the first five lost writes were retried at once; the sixth and seventh waited before their retry,
    // and the eighth, the last, was refused without a wait
    expect(draws).toBe(2);
  });

  it('refuses a batch as busy when every write loses, and writes nothing', async () => {
    const store = new FakeStore([9]);
    store.write = async () => false;
    const writer = new BoardWriter(store, { maxAttempts: 3 });
    await expect(writer.apply(1, 9, commitStep('z', [0]))).rejects.toThrow(/busy/);
    expect(store.docs.get('1:9')!.soldCount).toBe(0);
  });
});
