/**
 * Who owns each pixel of a board, as the canvas contract carries it (`Board.owner_slots` and
 * `owner_ids`): a slot per pixel offset (`pixelOffset(x, y)` of ./grid.js), each a little-endian
 * uint16, 0 where the pixel is unsold and n for `ownerIds[n - 1]`, plus the board's distinct owner
 * ids. A packed table instead of 2401 strings, because encoding those cost about 12 ms a board.
 * The canvas service packs it; the renderer, the BFF and the tests read it, so the layout is written
 * once here. The readers are called once per pixel in hot loops (a frame build, a board's JSON): they
 * allocate nothing. Pure: no I/O, no Node API.
 */

/** A board's owners in the contract's packed form. */
export interface PackedOwners {
  ownerSlots: Uint8Array;
  ownerIds: string[];
}

/** Packs one owner per pixel offset (null or undefined where unsold). */
export function packOwners(owners: readonly (string | null | undefined)[]): PackedOwners {
  const ownerIds: string[] = [];
  const slotOf = new Map<string, number>();
  const ownerSlots = new Uint8Array(owners.length * 2);
  owners.forEach((owner, offset) => {
    if (owner === null || owner === undefined) return;
    let slot = slotOf.get(owner);
    if (slot === undefined) {
      ownerIds.push(owner);
      slot = ownerIds.length;
      slotOf.set(owner, slot);
    }
    ownerSlots[offset * 2] = slot & 0xff;
    ownerSlots[offset * 2 + 1] = slot >>> 8;
  });
  return { ownerSlots, ownerIds };
}

/** The slot of pixel `offset`: 0 when unsold, else n for `ownerIds[n - 1]`; 0 past the table's end. */
export function ownerSlotAt(ownerSlots: Uint8Array, offset: number): number {
  const at = offset * 2;
  if (at + 1 >= ownerSlots.length) return 0;
  return ownerSlots[at]! | (ownerSlots[at + 1]! << 8);
}

/** True when pixel `offset` has an owner (sold pixels never change). */
export function isSold(ownerSlots: Uint8Array, offset: number): boolean {
  return ownerSlotAt(ownerSlots, offset) !== 0;
}

/** The owner user id of pixel `offset`, or null when unsold (or its slot names no id). */
export function ownerAt(board: PackedOwners, offset: number): string | null {
  const slot = ownerSlotAt(board.ownerSlots, offset);
  return slot === 0 ? null : (board.ownerIds[slot - 1] ?? null);
}
