/**
 * Pixel info (issue 24) in the `/api` shape: who bought a pixel (the username, never an e-mail;
 * "anonymous" when the buyer chose so in /account), when, and whether in the artist's colour or a
 * custom one. Pure: from the canvas service's pixel record and the buyer's public profile.
 */
import type { PixelBuyer, PixelInfo } from '@tessera/api/pixels';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import { PixelKind, type PixelRecord } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import type { PublicProfile } from '@tessera/proto/tessera/identity/v1/identity_pb.js';

const KIND = { [PixelKind.ARTIST]: 'artist', [PixelKind.CUSTOM]: 'custom' } as const;

export function buyerJson(profile: PublicProfile | undefined): PixelBuyer {
  if (!profile || profile.pixelsAnonymous) return { username: null, anonymous: profile !== undefined };
  return { username: profile.username || null, anonymous: false };
}

/** The record of canvas-wide pixel (x, y) with its buyer's profile (undefined: unsold or unknown). */
export function pixelInfoJson(
  x: number,
  y: number,
  pixel: PixelRecord,
  profile: PublicProfile | undefined,
): PixelInfo {
  const sold = pixel.ownerId !== '';
  return {
    x,
    y,
    board_index: pixel.boardIndex,
    color: pixel.currentColor,
    default_color: pixel.defaultColor,
    sold,
    buyer: sold ? buyerJson(profile) : null,
    sold_at: sold ? new Date(pixel.soldAtMs).toISOString() : null,
    kind: pixel.kind === PixelKind.UNSPECIFIED ? null : KIND[pixel.kind],
    kind_recorded: pixel.kindRecorded,
    reset: pixel.reset,
  };
}

/** Canvas-wide offsets (y * 1225 + x) -> `[[x, y], ...]`. */
export function offsetsToPoints(offsets: readonly number[]): [number, number][] {
  return offsets.map((o) => [o % CANVAS_SIZE, Math.floor(o / CANVAS_SIZE)]);
}
