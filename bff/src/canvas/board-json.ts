/**
 * A board of the canvas service -> the spec's pixel list (section 3: x, y, current_color,
 * default_color, user_id; `BoardPixelsResponse` of `@tessera/api/pixels`), serialised directly to a
 * JSON string (2401 objects per board).
 */
import type { BoardPixel } from '@tessera/api/pixels';
import { FALLBACK_DEFAULT_COLOR, hexAt, UNOWNED_COLOR } from '@tessera/facts/colour';
import { pixelAtOffset, PIXELS_PER_BOARD as PIXELS } from '@tessera/facts/grid';
import { ownerSlotAt } from '@tessera/facts/owners';
import type { Board } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';

/** The field names, one per field of the contract's BoardPixel (a renamed field fails to compile here). */
const F: { [K in keyof BoardPixel]: string } = {
  x: '"x":',
  y: ',"y":',
  current_color: ',"current_color":"',
  default_color: '","default_color":"',
  user_id: '","user_id":',
};

/** `{"success":true,"data":[...2401 pixels]}` */
export function boardPixelsJson(board: Board): string {
  const ids = board.ownerIds.map((id) => JSON.stringify(id));
  const parts: string[] = new Array<string>(PIXELS);
  for (let o = 0; o < PIXELS; o++) {
    // the ids serialised once above, looked up by slot (ownerAt would serialise each pixel's again)
    const n = ownerSlotAt(board.ownerSlots, o);
    const user = n === 0 ? 'null' : (ids[n - 1] ?? 'null');
    const { x, y } = pixelAtOffset(o);
    parts[o] =
      `{${F.x}${x}${F.y}${y}${F.current_color}${hexAt(board.currentColors, o) ?? UNOWNED_COLOR}` +
      `${F.default_color}${hexAt(board.defaultColors, o) ?? FALLBACK_DEFAULT_COLOR}${F.user_id}${user}}`;
  }
  return `{"success":true,"data":[${parts.join(',')}]}`;
}
