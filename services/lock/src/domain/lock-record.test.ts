import { describe, expect, it } from 'vitest';
import { decodeLock, encodeLock, isHolder, parseFence, warningAt, type LockRecord } from './lock-record.js';

const rec: LockRecord = {
  id: '0123456789abcdef0123456789abcdef',
  canvasIndex: 0,
  boardIndex: 7,
  userId: 'u1',
  username: 'alice',
  acquiredAtMs: 1000,
  lastActivityMs: 1000,
  expiresAtMs: 301_000,
};

describe('lock record', () => {
  it('round-trips and encodes equal records to equal text', () => {
    expect(decodeLock(encodeLock(rec))).toEqual(rec);
    expect(encodeLock({ ...rec })).toBe(encodeLock(rec));
  });

  it('refuses anything else', () => {
    for (const bad of [
      null,
      '',
      'x',
      '[]',
      '{"v":2}',
      JSON.stringify({ v: 1, id: 'a', u: 'u', n: 'n', c: 0 }),
    ])
      expect(decodeLock(bad)).toBeNull();
  });

  it('reads fences and the warning time', () => {
    expect(parseFence('1732300000000001')).toBe(1732300000000001);
    for (const bad of [null, '', 'abc', '-3', '1.5']) expect(parseFence(bad)).toBe(0);
    expect(warningAt(rec)).toBe(241_000);
  });

  it('a holder is the same user on the same board, with the same fence when one is named', () => {
    const view = { ...rec, fencingToken: 42 };
    const q = { canvasIndex: 0, boardIndex: 7, userId: 'u1' };
    expect(isHolder(view, q)).toBe(true);
    expect(isHolder(view, { ...q, fencingToken: 42 })).toBe(true);
    expect(isHolder(view, { ...q, fencingToken: 41 })).toBe(false);
    expect(isHolder(view, { ...q, userId: 'u2' })).toBe(false);
    expect(isHolder(view, { ...q, boardIndex: 8 })).toBe(false);
    expect(isHolder(view, { ...q, canvasIndex: 1 })).toBe(false);
    expect(isHolder(null, q)).toBe(false);
  });
});
