import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads.js';

/** A read that settles when the test says so, counting how often it was started. */
function reads() {
  const started: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const start = () =>
    new Promise<string>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { started, start };
}

describe('SharedReads', () => {
  it('shares one read among the requests of a generation', async () => {
    const shared = new SharedReads<string>();
    const r = reads();
    const a = shared.join('k', 'g1', r.start);
    const b = shared.join('k', 'g1', r.start);
    expect(r.started).toHaveLength(1);
    r.started[0]!.resolve('one');
    expect(await a).toBe('one');
    expect(await b).toBe('one');
  });

  it('starts a new read for another generation or another key', async () => {
    const shared = new SharedReads<string>();
    const r = reads();
    const before = shared.join('k', 'g1', r.start);
    const after = shared.join('k', 'g2', r.start);
    const other = shared.join('other', 'g2', r.start);
    expect(r.started).toHaveLength(3);
    r.started.forEach((s, i) => s.resolve(`read ${i}`));
    expect([await before, await after, await other]).toEqual(['read 0', 'read 1', 'read 2']);
  });

  it('forgets a read once it settles, resolved or rejected', async () => {
    const shared = new SharedReads<string>();
    const r = reads();
    const first = shared.join('k', 'g1', r.start);
    r.started[0]!.reject(new Error('down'));
    await expect(first).rejects.toThrow('down');
    const second = shared.join('k', 'g1', r.start);
    expect(r.started).toHaveLength(2);
    r.started[1]!.resolve('two');
    expect(await second).toBe('two');
    void shared.join('k', 'g1', r.start);
    expect(r.started).toHaveLength(3);
  });

  it('lets later requests start their own read after delete or clear', () => {
    const shared = new SharedReads<string>();
    const r = reads();
    void shared.join('a', 'g', r.start);
    void shared.join('b', 'g', r.start);
    shared.delete('a');
    void shared.join('a', 'g', r.start);
    void shared.join('b', 'g', r.start);
    expect(r.started).toHaveLength(3);
    shared.clear();
    void shared.join('a', 'g', r.start);
    void shared.join('b', 'g', r.start);
    expect(r.started).toHaveLength(5);
  });

  it('does not forget a newer read when an older one of the key settles', async () => {
    const shared = new SharedReads<string>();
    const r = reads();
    const old = shared.join('k', 'g1', r.start);
    void shared.join('k', 'g2', r.start);
    r.started[0]!.resolve('old');
    await old;
    void shared.join('k', 'g2', r.start);
    expect(r.started).toHaveLength(2);
  });
});
