/**
 * The embedded collection's document table (doc-table.ts): only the `hot` most recently used
 * documents are held as objects, every other one is read back from the spill file equal to what was
 * stored, in natural order; a document read back and spilled again unchanged points back at its
 * record; the file is rewritten with the live records once it outgrows them; a scan keeps nothing;
 * a spill that fails keeps the documents in memory; the file is a cache (a stale one is removed, the
 * closed table removes its own).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@tessera/kit/testing';
import { DocTable } from './doc-table.js';
import type { JsonObject } from './values.js';

const dirs: { cleanup(): void }[] = [];
afterAll(() => {
  for (const d of dirs) d.cleanup();
});

function spillFile(): string {
  const dir = tempDir('doc-table-');
  dirs.push(dir);
  return path.join(dir.dir, 'orders.spill');
}

const doc = (i: number, v = 0): JsonObject => ({
  _id: `o${i}`,
  n: i,
  v,
  text: `é ${'x'.repeat(i % 7)} ✓`,
  nested: { list: [i, 'a', null, true], at: 1_795_987_657_729 + i },
});

describe('embedded store: the document table', () => {
  it('holds the most recently used documents and reads the others back, in natural order', () => {
    const file = spillFile();
    const table = new DocTable(file, 3);
    for (let i = 0; i < 10; i++) table.set(`o${i}`, doc(i));
    expect(table.size).toBe(10);
    expect(table.spill.hot).toBe(3);
    expect(fs.statSync(file).size).toBe(table.spill.bytes);
    expect(table.spill.live).toBe(table.spill.bytes);
    // every document, spilled or not, equal to what was stored, in insertion order
    expect([...table.values()]).toEqual(Array.from({ length: 10 }, (_, i) => doc(i)));
    // an update keeps the document's place; a delete takes it out
    table.set('o2', doc(2, 1));
    table.delete('o5');
    expect([...table.values()].map((d) => [d._id, d.v])).toEqual(
      [0, 1, 2, 3, 4, 6, 7, 8, 9].map((i) => [`o${i}`, i === 2 ? 1 : 0]),
    );
    expect(table.has('o5')).toBe(false);
    expect(table.get('o5')).toBeUndefined();
    expect(table.peek('o0')).toEqual(doc(0));
    table.close();
  });

  it('spills a document read back and unchanged by pointing at its record again', () => {
    const table = new DocTable(spillFile(), 2);
    for (let i = 0; i < 6; i++) table.set(`o${i}`, doc(i));
    const { bytes, live } = table.spill;
    // o0 and o1 come back into memory and push o4 and o5 out (never spilled: they are appended)
    expect(table.get('o0')).toEqual(doc(0));
    expect(table.get('o1')).toEqual(doc(1));
    const afterTwo = table.spill.bytes;
    expect(afterTwo).toBeGreaterThan(bytes);
    // reading the others in turn spills each again unchanged: nothing more is written
    for (const i of [2, 3, 4, 5, 0, 1]) expect(table.get(`o${i}`)).toEqual(doc(i));
    expect(table.spill.bytes).toBe(afterTwo);
    // a changed document's old record is no longer live
    const liveBefore = table.spill.live;
    table.set('o1', doc(1, 2));
    expect(table.spill.live).toBeLessThan(liveBefore);
    expect(table.peek('o1')).toEqual(doc(1, 2));
    expect(live).toBeGreaterThan(0);
    table.close();
  });

  it('does not keep what a scan or a peek reads', () => {
    const table = new DocTable(spillFile(), 2);
    for (let i = 0; i < 6; i++) table.set(`o${i}`, doc(i));
    const { bytes } = table.spill;
    expect([...table.values()]).toHaveLength(6);
    expect(table.peek('o0')).toEqual(doc(0));
    // o4 and o5 are still the ones in memory: getting them writes nothing
    table.get('o4');
    table.get('o5');
    expect(table.spill.bytes).toBe(bytes);
    table.close();
  });

  it('rewrites the spill file with the live records once it has outgrown them', () => {
    const file = spillFile();
    const table = new DocTable(file, 4, { minRewriteBytes: 2048 });
    for (let i = 0; i < 20; i++) table.set(`o${i}`, doc(i));
    let largest = 0;
    for (let round = 1; round <= 30; round++)
      for (let i = 0; i < 20; i++) {
        table.set(`o${i}`, doc(i, round));
        largest = Math.max(largest, table.spill.bytes);
      }
    const { bytes, live } = table.spill;
    expect(fs.statSync(file).size).toBe(bytes);
    // without rewrites the file would hold 30 x 20 records
    expect(largest).toBeLessThan(Math.max(2048, 2 * live) + 200);
    expect([...table.values()]).toEqual(Array.from({ length: 20 }, (_, i) => doc(i, 30)));
    table.close();
  });

  it('carries records larger than one read through a rewrite, one record at a time', () => {
    const file = spillFile();
    const table = new DocTable(file, 1, { minRewriteBytes: 1 });
    // 5 and 9 KB documents: each takes a second read past the first 4 KB
    const big = (i: number, v: number): JsonObject => ({ ...doc(i, v), blob: 'x'.repeat(5000 + i * 4000) });
    for (let v = 1; v <= 6; v++) for (let i = 0; i < 2; i++) table.set(`o${i}`, big(i, v));
    table.set('o9', doc(9));
    expect(table.spill.bytes).toBeLessThan(2 * table.spill.live + 1);
    expect(table.peek('o0')).toEqual(big(0, 6));
    expect(table.peek('o1')).toEqual(big(1, 6));
    expect([...table.values()]).toEqual([big(0, 6), big(1, 6), doc(9)]);
    table.close();
  });

  it('gives a snapshot a view of the documents as they were, spilled ones read one at a time', () => {
    const table = new DocTable(spillFile(), 2, { minRewriteBytes: 1 });
    for (let i = 0; i < 5; i++) table.set(`o${i}`, doc(i));
    const view = table.snapshot();
    expect(view.docs.map((d) => typeof d)).toEqual(['number', 'number', 'number', 'object', 'object']);
    // later writes (and the rewrites of the spill file they cause) do not change what the view reads
    for (let round = 1; round <= 5; round++) for (let i = 0; i < 5; i++) table.set(`o${i}`, doc(i, round));
    expect(view.docs.map((d) => (typeof d === 'number' ? view.text(d) : JSON.stringify(d)))).toEqual(
      Array.from({ length: 5 }, (_, i) => JSON.stringify(doc(i))),
    );
    view.release();
    expect([...table.values()]).toEqual(Array.from({ length: 5 }, (_, i) => doc(i, 5)));
    table.close();
  });

  it('is a cache: a stale spill file is removed, and the closed table removes its own', () => {
    const file = spillFile();
    fs.writeFileSync(file, 'left by a process that was killed');
    fs.writeFileSync(`${file}.tmp`, 'a rewrite that was cut short');
    const docs = new Map(Array.from({ length: 5 }, (_, i) => [`o${i}`, doc(i)] as const));
    const table = DocTable.load(file, docs, { hot: 2 });
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);
    expect([...table.values()]).toEqual([...docs.values()]);
    table.close();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('keeps the documents in memory when spilling fails, and says so once', () => {
    const errors: unknown[] = [];
    const file = path.join(spillFile(), 'missing-folder', 'orders.spill');
    const table = new DocTable(file, 1, { onError: (err) => errors.push(err) });
    for (let i = 0; i < 5; i++) table.set(`o${i}`, doc(i));
    expect(errors).toHaveLength(1);
    expect(table.spill.hot).toBe(5);
    expect([...table.values()]).toEqual(Array.from({ length: 5 }, (_, i) => doc(i)));
    table.close();
  });

  it('refuses a hot size below one', () => {
    expect(() => new DocTable(spillFile(), 0)).toThrow(RangeError);
  });
});
