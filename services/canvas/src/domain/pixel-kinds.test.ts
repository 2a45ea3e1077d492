import { describe, expect, it } from 'vitest';
import { PIXELS_PER_BOARD } from '@tessera/facts/grid';
import { commit, newBoard, type Reservation } from './board.js';
import { kindOf, recordedKinds } from './pixel-kinds.js';
import { pixelRecord } from './pixel-info.js';

const ART = '00AA00'.repeat(PIXELS_PER_BOARD);

function sold(pixels: Reservation['pixels']) {
  const board = newBoard(1, 0, ART, 0);
  const reservation: Reservation = { orderId: 'o1', userId: 'u1', pixels, fencingToken: 1, expiresAt: 10 };
  const out = commit({ ...board, reservations: [reservation] }, 'o1', 5);
  if (!out.ok || out.alreadyCommitted) throw new Error('commit failed');
  return out.board;
}

describe('the kind of a sold pixel', () => {
  it('is recorded by the commit, per pixel, from the price type paid', () => {
    const board = sold([
      { offset: 0, color: '#00AA00', isDefault: true },
      { offset: 1, color: '#00AA00', isDefault: false },
      { offset: 2, color: '#FF0000', isDefault: false },
    ]);
    expect(board.kinds?.slice(0, 4)).toBe('acc-');
    // a custom purchase of exactly the artist's colour stays custom: recorded, not guessed
    expect(pixelRecord(board, 1, 0)).toMatchObject({ kind: 'custom', kindRecorded: true, soldAtMs: 5 });
    expect(pixelRecord(board, 0, 0)).toMatchObject({ kind: 'artist', kindRecorded: true, ownerId: 'u1' });
    expect(pixelRecord(board, 3, 0)).toMatchObject({ kind: null, ownerId: null, soldAtMs: 0 });
  });

  it('keeps the kinds of earlier sales when a later commit adds its own', () => {
    const kinds = recordedKinds(recordedKinds(undefined, [{ offset: 5, isDefault: false }]), [
      { offset: 6, isDefault: true },
    ]);
    expect(kinds.slice(4, 8)).toBe('-ca-');
    expect(kinds).toHaveLength(PIXELS_PER_BOARD);
  });

  it('is derived from the colours for sales made before kinds were recorded', () => {
    expect(kindOf(undefined, 0, '#00AA00', '#00aa00')).toEqual({ kind: 'artist', recorded: false });
    expect(kindOf(undefined, 0, '#FF0000', '#00AA00')).toEqual({ kind: 'custom', recorded: false });
    // a board whose later sale recorded kinds: the old pixel's '-' is still derived
    expect(kindOf('-'.repeat(PIXELS_PER_BOARD), 0, '#FF0000', '#00AA00').recorded).toBe(false);
  });

  it("derives a moderated pixel's kind from the colour it was bought in, not the default it shows now", () => {
    const board = { ...newBoard(1, 0, ART, 0) };
    board.owners[0] = 'u1';
    board.currentColors = ART; // reset to the default
    board.resets = [
      {
        offset: 0,
        x: 0,
        y: 0,
        operator: 'op',
        reason: 'hateful',
        at: 9,
        previousColor: '#FF0000',
        previousOwner: 'u1',
        color: '#00AA00',
      },
    ];
    expect(pixelRecord(board, 0, 0)).toMatchObject({ kind: 'custom', kindRecorded: false, reset: true });
  });
});
