// Pixel info and own pixels in the editor (issue 24). A bought pixel's card shows for the pixel under the
// mouse, the one clicked or tapped (pinned, with Close), or the keyboard cursor's pixel while the board
// has the focus (the cursor moves on a read-only board too); its "Link to this pixel" button follows the
// board in the Tab order. The buyer's own bought pixels are outlined: the board's pixels already carry
// each buyer's id (spec section 3), compared here with the signed-in user's.
import { useCallback, useMemo, useState } from 'react';
import { canvasPixelOf } from '@tessera/facts/grid';
import { authStore } from '../../auth/index.js';
import { pixelKey } from '../../lib/pixel-key.js';
import { PixelInfoCard } from '../pixel-info/PixelInfoCard.js';
import { usePixelInfo } from '../pixel-info/use-pixel-info.js';
import { pixelAt, type PixelMap } from './board-pixels.js';
import type { Cell } from './model/cells.js';

/** The keys ("x-y") of the signed-in user's bought pixels on this board; null when not outlined. */
export function ownKeys(pixels: PixelMap, me: string | null): Set<string> | null {
  if (me === null) return null;
  const keys = new Set<string>();
  for (const [key, p] of pixels) if (p.userId === me) keys.add(key);
  return keys;
}

const sold = (pixels: PixelMap, cell: Cell | null): Cell | null =>
  cell && pixelAt(pixels, cell.x, cell.y).userId !== null ? cell : null;

/** Which bought pixel's card shows: pinned, else hovered, else the focused cursor's. */
export function usePixelInfoTarget(pixels: PixelMap, cursor: Cell) {
  const [hovered, setHovered] = useState<Cell | null>(null);
  const [pinned, setPinned] = useState<Cell | null>(null);
  const [focused, setFocused] = useState(false);
  // a tap on a pixel nobody bought closes a pinned card (it pins nothing)
  const onPointCell = useCallback(
    (cell: Cell | null, how: 'hover' | 'tap') => {
      if (how === 'hover') setHovered(cell);
      else setPinned(sold(pixels, cell));
    },
    [pixels],
  );
  const pinnedSold = sold(pixels, pinned);
  const target = pinnedSold ?? sold(pixels, hovered) ?? (focused ? sold(pixels, cursor) : null);
  return {
    target,
    pinned: pinnedSold !== null,
    onPointCell,
    onFocusChange: setFocused,
    close: useCallback(() => setPinned(null), []),
  };
}

export function useOwnKeys(pixels: PixelMap, outline: boolean): Set<string> | null {
  const me = authStore.getUser()?.id ?? null;
  return useMemo(() => (outline ? ownKeys(pixels, me) : null), [pixels, me, outline]);
}

export function EditorPixelInfo(p: {
  canvasIndex: number;
  boardIndex: number;
  cell: Cell | null;
  onClose: (() => void) | null;
}) {
  const pixel = p.cell ? canvasPixelOf(p.boardIndex, p.cell.x, p.cell.y) : null;
  const query = usePixelInfo(p.canvasIndex, pixel);
  if (!pixel || !p.cell) return null;
  const info = query.data && query.data.x === pixel.x && query.data.y === pixel.y ? query.data : undefined;
  return (
    <PixelInfoCard
      key={pixelKey(p.cell.x, p.cell.y)}
      pixel={pixel}
      info={info}
      loading={!info && query.isFetching}
      failed={query.isError}
      docked
      onClose={p.onClose ?? undefined}
    />
  );
}
