// The board on a canvas element, with its input: drag selection (mouse, pen, touch), Ctrl/Meta
// multi-select, Alt pan, and wheel zoom (0.3 to 3). Drawing is renderBoard (pure); this only wires it.
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLatest } from '../../lib/use-latest.js';
import type { PixelMap } from './board-pixels.js';
import type { Cell } from './model/cells.js';
import type { KeyCursor } from './model/keyboard.js';
import type { PendingMap } from './model/pending.js';
import { wheelZoom } from './model/zoom.js';
import { BOARD_SIDE, cellAt, renderBoard } from './render.js';

export interface View {
  zoom: number;
  x: number;
  y: number;
}

interface Props {
  pixels: PixelMap;
  pending: PendingMap;
  selected: ReadonlySet<string>;
  ownedWarning: ReadonlySet<string> | null;
  highlight: Cell | null;
  /** The artist's design shown faintly under unbought pixels. */
  ghost: boolean;
  /** Selection is possible (locked, no modal open). */
  interactive: boolean;
  /** Alt is held: dragging pans. */
  panMode: boolean;
  mobile: boolean;
  view: View;
  onView: (update: (v: View) => View) => void;
  onDragStart: (cell: Cell, additive: boolean) => void;
  onDragMove: (cell: Cell) => void;
  onDragEnd: (additive: boolean) => void;
  label: string;
  /** The keyboard cursor; drawn while the board has focus. */
  cursor: KeyCursor;
  /** A key pressed on the focused board; true when the board used it. */
  onBoardKey: (key: string, shift: boolean) => boolean;
  /** Id of the text that explains the keys. */
  describedBy: string;
  /** The signed-in buyer's own pixels ("x-y"), outlined; null when not outlined. */
  mine: ReadonlySet<string> | null;
  /** Pixel info: the cell under the mouse (null when it leaves), or a cell tapped or clicked. */
  onPointCell: (cell: Cell | null, how: 'hover' | 'tap') => void;
  /** The board got or lost the keyboard focus (the cursor shows, and its pixel's info). */
  onFocusChange: (focused: boolean) => void;
}

export const BoardCanvas = memo(function BoardCanvas(props: Props) {
  const { pixels, pending, selected, ownedWarning, highlight, ghost, interactive, panMode, view, onView } =
    props;
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const gesture = useRef<{
    kind: 'select' | 'pan';
    id: number;
    lastX: number;
    lastY: number;
    additive: boolean;
  } | null>(null);
  const [panning, setPanning] = useState(false);
  const [focused, setFocused] = useState(false);
  // The cursor moves on a read-only board too (pixel info); it selects only on an editable one.
  const cursor = focused ? props.cursor : null;
  const { mine, onFocusChange } = props;
  useEffect(() => onFocusChange(focused), [focused, onFocusChange]);
  const latest = useLatest(props);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const scale = Math.max(2, Math.ceil(window.devicePixelRatio || 1));
    const size = BOARD_SIDE * scale;
    if (canvas.width !== size) canvas.width = size;
    if (canvas.height !== size) canvas.height = size;
    renderBoard(ctx, { pixels, pending, selected, ownedWarning, highlight, scale, ghost, cursor, mine });
  }, [pixels, pending, selected, ownedWarning, highlight, ghost, cursor, mine]);

  // Wheel zoom (a native listener: React's is passive and cannot prevent the page scroll).
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const mobileNow = latest.current.mobile;
      onView((v) => ({ ...v, zoom: wheelZoom(v.zoom, e.deltaY, e.deltaMode, mobileNow) }));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [onView, latest]);

  const cellOf = (clientX: number, clientY: number): Cell | null => {
    const rect = canvasRef.current?.getBoundingClientRect();
    if (!rect) return null;
    return cellAt(clientX - rect.left, clientY - rect.top, rect.width, rect.height);
  };

  const clampedCell = (clientX: number, clientY: number): Cell | null => {
    const rect = canvasRef.current?.getBoundingClientRect();
    if (!rect) return null;
    const x = Math.min(rect.right - 0.01, Math.max(rect.left, clientX));
    const y = Math.min(rect.bottom - 0.01, Math.max(rect.top, clientY));
    return cellAt(x - rect.left, y - rect.top, rect.width, rect.height);
  };

  /** Ends pointer `pointerId`'s gesture; an additive selection stays additive only while `stillAdding`. */
  const endGesture = (pointerId: number, stillAdding: boolean) => {
    const g = gesture.current;
    if (!g || g.id !== pointerId) return;
    gesture.current = null;
    setPanning(false);
    if (g.kind === 'select') props.onDragEnd(g.additive && stillAdding);
  };

  return (
    <div
      ref={stageRef}
      className={`board-stage${panMode ? ' board-stage--pan' : ''}${panning ? ' board-stage--panning' : ''}`}
      data-zoom={view.zoom.toFixed(2)}
      data-cursor={cursor ? `${cursor.cursor.x}-${cursor.cursor.y}` : ''}
      role="application"
      aria-label={props.label}
      aria-describedby={props.describedBy}
      tabIndex={0}
      onFocus={(e) => {
        if (e.target === e.currentTarget) setFocused(true);
      }}
      onBlur={() => setFocused(false)}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
        if (props.onBoardKey(e.key, e.shiftKey)) e.preventDefault();
      }}
      onPointerDown={(e) => {
        if (e.button !== 0 && e.pointerType === 'mouse') return;
        if (gesture.current) return;
        const pan = panMode || e.altKey;
        if (pan) {
          gesture.current = {
            kind: 'pan',
            id: e.pointerId,
            lastX: e.clientX,
            lastY: e.clientY,
            additive: false,
          };
          setPanning(true);
        } else {
          const cell = cellOf(e.clientX, e.clientY);
          if (!latest.current.interactive) {
            if (cell) props.onPointCell(cell, 'tap');
            return;
          }
          if (!cell) return;
          const additive = e.ctrlKey || e.metaKey;
          gesture.current = { kind: 'select', id: e.pointerId, lastX: e.clientX, lastY: e.clientY, additive };
          props.onDragStart(cell, additive);
        }
        e.preventDefault();
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }}
      onPointerMove={(e) => {
        const g = gesture.current;
        if (!g && e.pointerType === 'mouse') props.onPointCell(cellOf(e.clientX, e.clientY), 'hover');
        if (!g || g.id !== e.pointerId) return;
        if (g.kind === 'pan') {
          const dx = e.clientX - g.lastX;
          const dy = e.clientY - g.lastY;
          g.lastX = e.clientX;
          g.lastY = e.clientY;
          onView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
        } else {
          const cell = clampedCell(e.clientX, e.clientY);
          if (cell) props.onDragMove(cell);
        }
      }}
      onPointerUp={(e) => {
        const g = gesture.current;
        // a click or tap without a drag on one cell: pixel info for it (a bought one)
        if (g?.kind === 'select' && Math.hypot(e.clientX - g.lastX, e.clientY - g.lastY) < 4) {
          const cell = cellOf(e.clientX, e.clientY);
          if (cell) props.onPointCell(cell, 'tap');
        }
        endGesture(e.pointerId, e.ctrlKey || e.metaKey);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === 'mouse') props.onPointCell(null, 'hover');
      }}
      onPointerCancel={(e) => endGesture(e.pointerId, true)}
    >
      <div
        className="board-stage__world"
        style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}
      >
        <canvas
          ref={canvasRef}
          className={`pixel-grid${interactive ? ' pixel-grid--editable' : ''}`}
          aria-hidden="true"
          data-testid="board-canvas"
          data-ghost={ghost ? 'on' : 'off'}
        />
      </div>
    </div>
  );
});
