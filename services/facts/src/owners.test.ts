import { describe, expect, it } from 'vitest';
import { PIXELS_PER_BOARD } from './grid.js';
import { isSold, ownerAt, ownerSlotAt, packOwners } from './owners.js';

describe('packed pixel owners', () => {
  it('packs a slot per pixel, 0 where unsold, n for the n-th distinct owner', () => {
    const packed = packOwners(['ann', null, 'bob', 'ann', undefined]);
    expect(packed.ownerIds).toEqual(['ann', 'bob']);
    expect([...packed.ownerSlots]).toEqual([1, 0, 0, 0, 2, 0, 1, 0, 0, 0]);
    expect([0, 1, 2, 3, 4].map((o) => ownerAt(packed, o))).toEqual(['ann', null, 'bob', 'ann', null]);
    expect([0, 1, 2, 3, 4].map((o) => isSold(packed.ownerSlots, o))).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
  });

  it('writes slots little-endian, past 255 owners too', () => {
    // every pixel of a board a different owner: slots up to 2401 need both bytes
    const owners = Array.from({ length: PIXELS_PER_BOARD }, (_, o) => `user-${o}`);
    const packed = packOwners(owners);
    expect(packed.ownerSlots).toHaveLength(PIXELS_PER_BOARD * 2);
    // pixel 300 is the 301st owner: 301 = 0x012d, low byte first
    expect([...packed.ownerSlots.subarray(600, 602)]).toEqual([0x2d, 0x01]);
    expect(ownerSlotAt(packed.ownerSlots, 300)).toBe(301);
    for (let o = 0; o < PIXELS_PER_BOARD; o++) expect(ownerAt(packed, o)).toBe(`user-${o}`);
  });

  it('reads a pixel past a short table, or a slot naming no id, as unsold', () => {
    const packed = packOwners(['ann']);
    expect(ownerSlotAt(packed.ownerSlots, 1)).toBe(0);
    expect(isSold(packed.ownerSlots, 1)).toBe(false);
    expect(ownerAt(packed, 1)).toBeNull();
    expect(isSold(new Uint8Array(), 0)).toBe(false);
    // an odd length: the last pixel has only one byte
    expect(ownerSlotAt(new Uint8Array([1, 0, 1]), 1)).toBe(0);
    expect(ownerAt({ ownerSlots: new Uint8Array([2, 0]), ownerIds: ['ann'] }, 0)).toBeNull();
  });
});
