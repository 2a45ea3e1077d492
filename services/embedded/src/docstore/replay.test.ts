/**
 * The log's diff records (files.ts `u`, diff.ts) against a model: random writes of every kind on one
 * collection, checked after each write against a model kept the simplest way (whole deep copies, the
 * update applied to a full copy), then the store closed and reopened at random points: what replay
 * rebuilds must equal the live documents exactly (values and field order). Reads and the callers'
 * inputs are scribbled over after each write, so a store that shared structure with either would
 * diverge from the model.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Collection, Doc } from '@tessera/kit';
import { tempDir } from '@tessera/kit/testing';
import { EmbeddedDocumentStore } from './store.js';
import { compileUpdate } from './update.js';
import {
  edited,
  int,
  pick,
  randomObject,
  randomScalar,
  randomValue,
  seeded,
  type Random,
} from './test/random-json.js';
import { cloneJson, deepEqual, isPlainObject, type Json, type JsonObject } from './values.js';

type Model = Map<string, JsonObject>;
type Coll = Collection<Doc>;

/** A path into `doc` (sometimes one that does not exist yet, sometimes past an array's end). */
function randomPath(r: Random, doc: JsonObject): string {
  const parts: string[] = [];
  let cur: Json | undefined = doc;
  for (let depth = 0; depth < 4; depth++) {
    if (Array.isArray(cur) && cur.length > 0) {
      const i: number = int(r, 6) === 0 ? cur.length + int(r, 3) : int(r, cur.length);
      parts.push(String(i));
      cur = cur[i];
    } else if (isPlainObject(cur) && Object.keys(cur).length > 0 && int(r, 5) > 0) {
      const k = pick(
        r,
        Object.keys(cur)
          .filter((key) => key !== '_id')
          .concat('fresh'),
      );
      parts.push(k);
      cur = (cur as JsonObject)[k];
    } else {
      if (parts.length === 0) parts.push(pick(r, ['a', 'tags', 'n', 'deep']));
      break;
    }
    if (int(r, 3) === 0) break;
  }
  return parts.join('.');
}

function randomUpdate(r: Random, doc: JsonObject): Record<string, Record<string, unknown>> {
  const update: Record<string, Record<string, unknown>> = {};
  const ops = 1 + int(r, 3);
  for (let i = 0; i < ops; i++) {
    const op = pick(r, ['$set', '$set', '$unset', '$inc', '$push', '$pull', '$addToSet', '$min', '$max']);
    const p = randomPath(r, doc);
    const arg = (update[op] ??= {});
    if (op === '$set') arg[p] = randomValue(r);
    else if (op === '$unset') arg[p] = '';
    else if (op === '$inc') arg[p] = 1 + int(r, 5);
    else if (op === '$push')
      arg[p] = int(r, 2) === 0 ? randomValue(r) : { $each: [randomScalar(r), randomScalar(r)] };
    else arg[p] = randomScalar(r);
  }
  return update;
}

/** The model's update: the whole document copied, the update applied (undefined: refused). */
function modelUpdate(before: JsonObject, update: unknown): JsonObject | undefined {
  try {
    const after = cloneJson(before);
    compileUpdate(update).apply(after, false);
    return after._id === before._id ? after : undefined;
  } catch {
    return undefined;
  }
}

async function write(r: Random, coll: Coll, model: Model, fresh: () => string): Promise<void> {
  const ids = [...model.keys()];
  const op = ids.length < 3 ? 0 : int(r, 10);
  if (op === 0) {
    const doc = { _id: fresh(), ...randomObject(r), tags: [randomScalar(r)], a: { b: randomValue(r) } };
    const input = cloneJson(doc);
    await coll.insertOne(input);
    model.set(doc._id, doc);
    scribble(input);
    return;
  }
  const id = pick(r, ids);
  const before = model.get(id) as JsonObject;
  if (op === 1) {
    await coll.deleteOne({ _id: id });
    model.delete(id);
    return;
  }
  if (op <= 4) {
    // a replacement: fields removed, reordered, added; arrays grown, truncated, shifted; strings spliced
    const { _id: _ignored, ...rest } = before;
    const change = edited(r, rest);
    const next = isPlainObject(change) ? (change as JsonObject) : randomObject(r);
    const input = int(r, 2) === 0 ? cloneJson(next) : { _id: id, ...cloneJson(next) };
    const res = await coll.replaceOne({ _id: id }, input as unknown as Doc);
    const after = { _id: id, ...next };
    expect(res.modifiedCount).toBe(deepEqual(before, after) ? 0 : 1);
    model.set(id, after);
    scribble(input);
    return;
  }
  const update = randomUpdate(r, before);
  const targets = op === 9 ? ids : [id];
  const afters = targets.map((t) => modelUpdate(model.get(t) as JsonObject, update));
  if (afters.some((a) => a === undefined)) {
    const attempt = op === 9 ? coll.updateMany({}, update) : coll.updateOne({ _id: id }, update);
    await expect(attempt, JSON.stringify(update)).rejects.toThrow();
    return;
  }
  if (op === 9) await coll.updateMany({}, update);
  else if (op === 8) await coll.findOneAndUpdate({ _id: id }, update);
  else await coll.updateOne({ _id: id }, update);
  targets.forEach((t, i) => model.set(t, afters[i] as JsonObject));
}

/** Overwrites everything reachable in `v` (a caller's copy): the store must not see it. */
function scribble(v: unknown): void {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      scribble(v[i]);
      v[i] = 'scribbled';
    }
    v.push('scribbled');
  } else if (isPlainObject(v)) {
    for (const k of Object.keys(v)) {
      scribble(v[k]);
      if (k !== '_id') v[k] = 'scribbled';
    }
    v.scribbled = true;
  }
}

async function expectSame(coll: Coll, model: Model, where: string): Promise<void> {
  const found = await coll.find({});
  expect(JSON.stringify(found), where).toBe(JSON.stringify([...model.values()]));
  scribble(found);
}

const logText = (dir: string): string =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('');

describe('embedded document store: diff records replay to the live documents', () => {
  const { dir: root, cleanup } = tempDir('tessera-docstore-replay-');
  afterAll(cleanup);

  it.each([
    ['without compaction', 1_000_000],
    ['with a compaction every 7 writes', 7],
  ])(
    'random writes of every kind, reopened at random points (%s)',
    async (_label, every) => {
      const seed = Math.floor(Math.random() * 2 ** 31);
      const r = seeded(seed);
      const dir = path.join(root, `run-${every}`);
      let store = await EmbeddedDocumentStore.open(dir, { compactEveryWrites: every });
      let coll = await store.collection<Doc>('things');
      const model: Model = new Map();
      let n = 0;
      const fresh = () => `d${n++}`;
      let updates = 0;
      try {
        for (let i = 0; i < 600; i++) {
          const where = `seed ${seed}, write ${i}`;
          try {
            await write(r, coll, model, fresh);
          } catch (err) {
            throw new Error(`${where}: ${(err as Error).message}`, { cause: err });
          }
          await expectSame(coll, model, where);
          if (int(r, 60) === 0) {
            if (every > 1000) updates += (logText(dir).match(/"u":/g) ?? []).length;
            await store.close();
            store = await EmbeddedDocumentStore.open(dir, { compactEveryWrites: every });
            coll = await store.collection<Doc>('things');
            await expectSame(coll, model, `${where}, reopened`);
          }
        }
        if (every > 1000) {
          updates += (logText(dir).match(/"u":/g) ?? []).length;
          expect(updates, 'updates were logged as diff records').toBeGreaterThan(100);
        }
      } finally {
        await store.close();
      }
      const reopened = await EmbeddedDocumentStore.open(dir);
      try {
        await expectSame(await reopened.collection<Doc>('things'), model, `seed ${seed}, at the end`);
      } finally {
        await reopened.close();
      }
    },
    60_000,
  );
});
