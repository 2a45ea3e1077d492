// Pixel info on the canvas page (issue 24): hovering a bought pixel at close zoom shows its card after a
// short pause (mouse only); a click or tap at close zoom pins the card for that pixel, with "Open board"
// (so opening a board stays one more click away), "Link to this pixel" and Close. Enter on the focused
// stage pins the card of the pixel in the middle of the view (the keyboard's way in).
import { useEffect, useState } from 'react';
import {
  canvasPixelScreenRect,
  type Point,
  type SceneLayout,
  type Viewport,
} from '../../canvas-scene/index.js';
import { PixelInfoCard } from '../pixel-info/PixelInfoCard.js';
import { usePixelInfo } from '../pixel-info/use-pixel-info.js';

const CARD_W = 280;
const CARD_H = 210;
const MARGIN = 8;
export const HOVER_DELAY_MS = 250;

/** The card's place beside the pixel, kept inside the stage. */
export function cardPosition(
  pixel: { x: number; y: number; size: number },
  stage: { width: number; height: number },
): { left: number; top: number } {
  const width = Math.min(CARD_W, stage.width - 2 * MARGIN);
  let left = pixel.x + pixel.size + MARGIN;
  if (left + width > stage.width - MARGIN) left = pixel.x - MARGIN - width;
  left = Math.max(MARGIN, Math.min(left, stage.width - MARGIN - width));
  // too narrow to sit beside the pixel (a phone): below it, else above it, so it never covers it
  if (left < pixel.x + pixel.size && left + width > pixel.x) {
    const below = pixel.y + pixel.size + MARGIN;
    const top = below + CARD_H <= stage.height - MARGIN ? below : pixel.y - MARGIN - CARD_H;
    return { left, top: Math.max(MARGIN, top) };
  }
  const top = Math.max(MARGIN, Math.min(pixel.y - MARGIN, stage.height - MARGIN - CARD_H));
  return { left, top };
}

/** The hovered pixel, reported after the pointer rests HOVER_DELAY_MS on it. */
export function useRestingPixel(pixel: Point | null): Point | null {
  const [resting, setResting] = useState<Point | null>(null);
  const x = pixel?.x;
  const y = pixel?.y;
  useEffect(() => {
    if (x === undefined || y === undefined) {
      setResting(null);
      return;
    }
    const timer = setTimeout(() => setResting({ x, y }), HOVER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [x, y]);
  return resting;
}

interface Props {
  canvasIndex: number;
  layout: SceneLayout;
  viewport: Viewport;
  stage: { width: number; height: number } | null;
  /** A pinned pixel (click, tap or Enter); wins over the hovered one. */
  pinned: Point | null;
  hovered: Point | null;
  onClose: () => void;
  onOpenBoard: (boardIndex: number) => void;
}

export function StagePixelInfo(p: Props) {
  const pixel = p.pinned ?? p.hovered;
  const query = usePixelInfo(p.canvasIndex, pixel);
  if (!pixel || !p.stage) return null;
  // a hovered pixel shows its card only when it is bought (and loaded): hover never shows a spinner
  if (!p.pinned && !query.data?.sold) return null;
  const pos = cardPosition(canvasPixelScreenRect(p.layout, p.viewport, pixel), p.stage);
  const info = query.data && query.data.x === pixel.x && query.data.y === pixel.y ? query.data : undefined;
  return (
    <PixelInfoCard
      pixel={pixel}
      info={info}
      loading={query.isPending || (query.isFetching && !info)}
      failed={query.isError}
      style={{ left: pos.left, top: pos.top }}
      onClose={p.pinned ? p.onClose : undefined}
    >
      {p.pinned && info && (
        <button
          type="button"
          className="pixel-info__button pixel-info__button--secondary"
          onClick={() => p.onOpenBoard(info.boardIndex)}
        >
          Open board {info.boardIndex}
        </button>
      )}
    </PixelInfoCard>
  );
}
