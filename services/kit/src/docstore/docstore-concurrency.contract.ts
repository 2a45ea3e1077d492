/**
 * Contract: conditional writes stay atomic under 50 concurrent writers. Every writer is started
 * before any is awaited, so reads and writes of different writers interleave as they would across
 * requests of a service.
 */
import { describe, expect, it } from 'vitest';
import type { ContractContext } from '../contracts/docstore-context.js';
import { insertOrGet, storedSecret } from './insert-if-absent.js';
import type { Doc } from './port.js';
import { DuplicateKeyError } from './port.js';

const WRITERS = 50;

interface Counter extends Doc {
  value: number;
  version: number;
}

interface Claim extends Doc {
  owner: string | null;
  state?: string;
  priority?: number;
  email?: string;
  n?: number;
}

export function registerConcurrencyTests({ coll }: ContractContext): void {
  describe('atomic conditional writes under concurrency', () => {
    it(`${WRITERS} concurrent compare-and-set increments with retry end at exactly +${WRITERS}`, async () => {
      const c = await coll<Counter>('cas');
      await c.insertOne({ _id: 'counter', value: 100, version: 0 });
      let conflicts = 0;
      const increment = async (): Promise<void> => {
        for (;;) {
          const cur = await c.findOne({ _id: 'counter' });
          if (!cur) throw new Error('counter vanished');
          const res = await c.updateOne(
            { _id: 'counter', version: cur.version },
            { $set: { value: cur.value + 1 }, $inc: { version: 1 } },
          );
          if (res.modifiedCount === 1) return;
          conflicts++;
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, increment));
      expect(await c.findOne({ _id: 'counter' })).toEqual({
        _id: 'counter',
        value: 100 + WRITERS,
        version: WRITERS,
      });
      // The writers really raced: without the version check, lost updates would have happened.
      expect(conflicts).toBeGreaterThan(0);
    });

    it(`${WRITERS} concurrent "claim if unclaimed" updates on one document yield exactly one winner`, async () => {
      const c = await coll<Claim>('claim');
      await c.insertOne({ _id: 'prize', owner: null });
      const results = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) =>
          c.updateOne({ _id: 'prize', owner: null }, { $set: { owner: `w${i}` } }).then((r) => ({ i, r })),
        ),
      );
      const winners = results.filter(({ r }) => r.modifiedCount === 1);
      expect(winners).toHaveLength(1);
      expect(results.filter(({ r }) => r.matchedCount === 0)).toHaveLength(WRITERS - 1);
      expect(await c.findOne({ _id: 'prize' })).toEqual({ _id: 'prize', owner: `w${winners[0]!.i}` });
    });

    it(`${WRITERS} concurrent findOneAndUpdate claims take each job exactly once`, async () => {
      const c = await coll<Claim>('jobs');
      const JOBS = 20;
      for (let j = 0; j < JOBS; j++)
        await c.insertOne({ _id: `job${j}`, owner: null, state: 'ready', priority: j });
      const taken = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) =>
          c.findOneAndUpdate(
            { state: 'ready' },
            { $set: { state: 'taken', owner: `w${i}` } },
            { sort: { priority: 1 }, returnDocument: 'after' },
          ),
        ),
      );
      const got = taken.filter((d): d is Claim => d !== null);
      expect(got).toHaveLength(JOBS);
      expect(new Set(got.map((d) => d._id)).size).toBe(JOBS);
      expect(new Set(got.map((d) => d.owner)).size).toBe(JOBS);
      expect(await c.countDocuments({ state: 'taken' })).toBe(JOBS);
      for (const d of got) expect((await c.findOne({ _id: d._id }))?.owner).toBe(d.owner);
    });

    it(`${WRITERS} concurrent inserts of one unique key: exactly one succeeds`, async () => {
      const c = await coll<Claim>('uniquerace', [{ fields: { email: 1 }, unique: true }]);
      const outcomes = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) =>
          c.insertOne({ _id: `u${i}`, owner: null, email: 'same@x' }).then(
            () => 'ok' as const,
            (err: unknown) => (err instanceof DuplicateKeyError ? ('dup' as const) : err),
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'dup')).toHaveLength(WRITERS - 1);
      expect(await c.countDocuments({ email: 'same@x' })).toBe(1);
    });

    it(`${WRITERS} concurrent upserting increments of one document count to ${WRITERS}`, async () => {
      const c = await coll<Claim>('upsertrace');
      const bump = async (): Promise<void> => {
        for (;;) {
          try {
            await c.updateOne(
              { _id: 'tally' },
              { $inc: { n: 1 }, $setOnInsert: { owner: null } },
              { upsert: true },
            );
            return;
          } catch (err) {
            // Two upserts may race to insert; the loser retries as an update (MongoDB may do this itself).
            if (!(err instanceof DuplicateKeyError)) throw err;
          }
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, bump));
      expect(await c.findOne({ _id: 'tally' })).toEqual({ _id: 'tally', n: WRITERS, owner: null });
    });

    it(`${WRITERS} concurrent insertOrGet of one key: one inserts, every writer gets the winner's copy`, async () => {
      const c = await coll<Claim>('insert-or-get', [{ fields: { email: 1 }, unique: true }]);
      // different _ids, one unique email: the conflict is on the secondary index
      const results = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) =>
          insertOrGet(c, { _id: `claim-${i}`, owner: `w${i}`, email: 'one@x' }, { email: 'one@x' }),
        ),
      );
      const winners = results.filter((r) => r.inserted);
      expect(winners).toHaveLength(1);
      for (const r of results) expect(r.doc).toEqual(winners[0]!.doc);
      expect(await c.countDocuments({})).toBe(1);
    });

    it(`${WRITERS} concurrent first uses of a stored secret agree on the one stored`, async () => {
      const c = await coll<Claim>('stored-secret');
      const results = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) => storedSecret(c, 'secret', () => ({ owner: `w${i}` }))),
      );
      expect(results.filter((r) => r.generated)).toHaveLength(1);
      const stored = await c.findOne({ _id: 'secret' });
      for (const r of results) expect(r.doc).toEqual(stored);
    });
  });
}
