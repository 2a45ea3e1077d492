import { describe, expect, it } from 'vitest';
import {
  boardPixels,
  commit,
  isHeld,
  newBoard,
  release,
  reserve,
  unsoldOffsets,
  type BoardDoc,
} from './board.js';
import { PIXELS_PER_BOARD } from '@tessera/facts/grid';
import { readOrderPixels, type RequestedPixel } from '@tessera/facts/orders';

const ART = Array.from({ length: PIXELS_PER_BOARD }, (_, i) => (i % 2 ? '36558F' : 'D17A22')).join('');
const fresh = (): BoardDoc => newBoard(1, 7, ART, 0);
/** An order as the service hands it to `reserve`: its pixels read by the facts' order rules. */
const order = (orderId: string, requested: RequestedPixel[], fencingToken = 1) => {
  const read = readOrderPixels(requested);
  if (!read.ok) throw new Error(read.problem.message);
  return { orderId, userId: `user-${orderId}`, fencingToken, pixels: read.pixels, ttlMs: 60_000 };
};

describe('board document', () => {
  it('starts white and unsold with the artist colours as defaults', () => {
    const px = boardPixels(fresh());
    expect(px).toHaveLength(2401);
    expect(px[0]).toEqual({ x: 0, y: 0, current_color: '#FFFFFF', default_color: '#D17A22', user_id: null });
    expect(px[50]).toMatchObject({ x: 1, y: 1, default_color: '#D17A22' });
    expect(() => newBoard(0, 0, 'FFF', 0)).toThrow(RangeError);
  });

  it('reserves, commits exactly once, and never sells a pixel twice', () => {
    const r = reserve(
      fresh(),
      order('a', [
        { x: 0, y: 0, isDefault: true },
        { x: 1, y: 0, color: '#aabbcc', isDefault: false },
      ]),
      10,
    );
    if (!r.ok) throw new Error(r.message);
    const c = commit(r.board, 'a', 20);
    if (!c.ok || c.alreadyCommitted) throw new Error('commit failed');
    expect(c.board.soldCount).toBe(2);
    const px = boardPixels(c.board);
    expect(px[0]).toMatchObject({ current_color: '#D17A22', user_id: 'user-a' });
    expect(px[1]).toMatchObject({ current_color: '#AABBCC', user_id: 'user-a' });
    // a redelivered commit changes nothing
    const again = commit(c.board, 'a', 30);
    expect(again).toMatchObject({ ok: true, alreadyCommitted: true });
    if (again.ok) expect(again.board).toBe(c.board);
    // the sold pixels cannot be reserved or committed again
    const r2 = reserve(c.board, order('b', [{ x: 1, y: 0, isDefault: true }], 2), 40);
    expect(r2).toMatchObject({ ok: false, reason: 'ALREADY_SOLD' });
    const late = commit(c.board, 'z', 50, {
      orderId: 'z',
      userId: 'u',
      fencingToken: 3,
      expiresAt: 0,
      pixels: [{ offset: 0, color: '#000000', isDefault: false }],
    });
    expect(late).toMatchObject({ ok: false, reason: 'ALREADY_SOLD' });
  });

  it('refuses stale fencing tokens and pixels held by another order', () => {
    const r = reserve(fresh(), order('a', [{ x: 3, y: 3, isDefault: true }], 5), 0);
    if (!r.ok) throw new Error(r.message);
    expect(reserve(r.board, order('b', [{ x: 4, y: 4, isDefault: true }], 4), 1)).toMatchObject({
      ok: false,
      reason: 'STALE_FENCING_TOKEN',
    });
    expect(reserve(r.board, order('b', [{ x: 3, y: 3, isDefault: true }], 5), 1)).toMatchObject({
      ok: false,
      reason: 'RESERVED_BY_OTHER',
    });
  });

  it('frees pixels on release and on expiry', () => {
    const r = reserve(fresh(), order('a', [{ x: 0, y: 0, isDefault: true }]), 0);
    if (!r.ok) throw new Error(r.message);
    // held while the reservation lives, never sold by it
    expect(isHeld(r.board, 0, 1)).toBe(true);
    expect(isHeld(r.board, 0, 60_001)).toBe(false);
    expect(isHeld(r.board, 1, 1)).toBe(false);
    expect(unsoldOffsets(r.board)).toHaveLength(2401);
    const released = release(r.board, 'a', 2)!;
    expect(released.reservations).toHaveLength(0);
    expect(release(released, 'a', 3)).toBeNull();
    // an expired reservation no longer blocks another order
    expect(reserve(r.board, order('b', [{ x: 0, y: 0, isDefault: true }], 2), 60_001).ok).toBe(true);
  });
  it('a newer lock frees the holds of other users made under older locks; their commit is then refused', () => {
    const a = reserve(fresh(), order('a', [{ x: 3, y: 3, isDefault: true }], 5), 10);
    if (!a.ok) throw new Error(a.message);
    // the same token (same lock) never evicts
    expect(reserve(a.board, order('b', [{ x: 3, y: 3, isDefault: true }], 5), 11)).toMatchObject({
      ok: false,
      reason: 'RESERVED_BY_OTHER',
    });
    const b = reserve(a.board, order('b', [{ x: 3, y: 3, isDefault: true }], 6), 12);
    if (!b.ok) throw new Error(b.message);
    expect(b.board.reservations.map((r) => r.orderId)).toEqual(['b']);
    expect(b.board.fencingToken).toBe(6);
    // a's paid commit, arriving now, finds its pixels held by the new holder
    const late = commit(b.board, 'a', 13, { ...a.reservation, expiresAt: 0 });
    expect(late).toMatchObject({ ok: false, reason: 'ALREADY_SOLD' });
    // and a stale token cannot reserve at all
    expect(reserve(b.board, order('a2', [{ x: 9, y: 9, isDefault: true }], 5), 14)).toMatchObject({
      ok: false,
      reason: 'STALE_FENCING_TOKEN',
    });
  });

  it('a refused commit voids the order: no later commit of it lands, even once its pixels are free', () => {
    const a = reserve(fresh(), order('a', [{ x: 4, y: 4, isDefault: true }]), 0);
    if (!a.ok) throw new Error(a.message);
    const lateA = { ...a.reservation, expiresAt: 0 };
    // a's hold expired and b holds the pixel: a's commit is refused, and the refusal is a write
    const b = reserve(a.board, order('b', [{ x: 4, y: 4, isDefault: true }]), 60_001);
    if (!b.ok) throw new Error(b.message);
    const refused = commit(b.board, 'a', 60_002, lateA);
    if (refused.ok || !refused.board) throw new Error('expected a refusal that voids the order');
    expect(refused.board.voidedOrders).toEqual(['a']);
    expect(refused.board.version).toBe(b.board.version + 1);
    // b gives up: the pixel is free, yet a's commit (a stalled caller's) is refused for good
    const free = release(refused.board, 'b', 60_003)!;
    expect(unsoldOffsets(free)).toContain(4 * 49 + 4);
    expect(isHeld(free, 4 * 49 + 4, 60_004)).toBe(false);
    expect(commit(free, 'a', 60_004, lateA)).toMatchObject({ ok: false, reason: 'VOIDED', board: null });
    // a committed order is never voided: a repeat stays a repeat
    const c = reserve(free, order('c', [{ x: 4, y: 4, isDefault: true }]), 60_005);
    if (!c.ok) throw new Error(c.message);
    const granted = commit(c.board, 'c', 60_006);
    if (!granted.ok) throw new Error(granted.message);
    expect(commit(granted.board, 'c', 60_007)).toMatchObject({ ok: true, alreadyCommitted: true });
    // a board stored before voidedOrders existed reads as having none
    const old = { ...free, voidedOrders: undefined };
    expect(commit(old, 'z', 60_008, { ...lateA, orderId: 'z' }).ok).toBe(true);
  });

  it('a buyer who lost the board is refused and the order voided: not granted when the board is free again', () => {
    const a = reserve(fresh(), order('a', [{ x: 6, y: 6, isDefault: true }]), 0);
    if (!a.ok) throw new Error(a.message);
    const lost = commit(a.board, 'a', 10, undefined, { lockLost: () => true });
    expect(lost).toMatchObject({ ok: false, reason: 'LOCK_LOST' });
    if (lost.ok || !lost.board) throw new Error('expected a refusal that voids the order');
    expect(lost.board.voidedOrders).toEqual(['a']);
    expect(lost.board.reservations).toEqual([]);
    // the new holder's lock ends, nobody holds the board: the order stays refused
    expect(commit(lost.board, 'a', 20, { ...a.reservation, expiresAt: 0 })).toMatchObject({
      ok: false,
      reason: 'VOIDED',
    });
    expect(lost.board.soldCount).toBe(0);
  });
});
