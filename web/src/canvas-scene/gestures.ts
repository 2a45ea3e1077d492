// Pointer gesture state machine for the canvas stage (excalidraw-style: plain class, no DOM).
// Mouse/pen: Alt + drag pans; a press released within 10 px is a click (a hold when it lasted 500 ms or
// more); moves without a press hover.
// Touch: after 3 moves the gesture is decided: pinch when two fingers changed their distance by more
// than 10 px, pan when the fingers moved more than 2 px. A tap is one finger, held over 50 ms and under
// 500 ms, moving under 10 px; one still finger held 500 ms or more is a hold.
import {
  GESTURE_DECISION_MOVES,
  HOLD_MIN_MS,
  PAN_THRESHOLD_PX,
  PINCH_THRESHOLD_PX,
  TAP_MAX_MOVE_PX,
  TAP_MAX_MS,
  TAP_MIN_MS,
} from './constants.js';
import type { Point } from './layout.js';

export type PointerKind = 'mouse' | 'pen' | 'touch';

export interface PointerInput {
  id: number;
  kind: PointerKind;
  x: number;
  y: number;
  /** Milliseconds (event.timeStamp). */
  t: number;
  altKey?: boolean;
  /** Mouse button: 0 primary. */
  button?: number;
}

export type GestureAction =
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'pinch'; factor: number; center: Point; dx: number; dy: number }
  | { type: 'tap'; x: number; y: number }
  | { type: 'hold'; x: number; y: number; pointer: 'mouse' | 'touch' }
  | { type: 'hover'; x: number; y: number }
  | { type: 'leave' };

export type GestureMode = 'idle' | 'press' | 'alt-pan' | 'touch-pending' | 'touch-pan' | 'pinch';

interface Tracked {
  start: Point;
  last: Point;
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function centroid(points: Point[]): Point {
  const n = points.length || 1;
  return {
    x: points.reduce((s, p) => s + p.x, 0) / n,
    y: points.reduce((s, p) => s + p.y, 0) / n,
  };
}

/** Touch classification after the decision moves (pure; exported for tests). */
export function classifyTouch(startPoints: Point[], currentPoints: Point[]): 'pinch' | 'pan' | 'undecided' {
  if (startPoints.length >= 2 && currentPoints.length >= 2) {
    const [a0, b0] = startPoints as [Point, Point];
    const [a1, b1] = currentPoints as [Point, Point];
    if (Math.abs(distance(a1, b1) - distance(a0, b0)) > PINCH_THRESHOLD_PX) return 'pinch';
  }
  const moved = distance(centroid(startPoints), centroid(currentPoints));
  return moved > PAN_THRESHOLD_PX ? 'pan' : 'undecided';
}

/** Hold rule (pure; exported for tests): one still finger, at least HOLD_MIN_MS. */
export function isHold(durationMs: number, movedPx: number, maxFingers: number): boolean {
  return maxFingers === 1 && durationMs >= HOLD_MIN_MS && movedPx < TAP_MAX_MOVE_PX;
}

/** Tap rule (pure; exported for tests). */
export function isTap(durationMs: number, movedPx: number, maxFingers: number): boolean {
  return maxFingers === 1 && durationMs > TAP_MIN_MS && durationMs < TAP_MAX_MS && movedPx < TAP_MAX_MOVE_PX;
}

export class PointerGestures {
  private mode: GestureMode = 'idle';
  private readonly pointers = new Map<number, Tracked>();
  private startedAt = 0;
  private moves = 0;
  private maxFingers = 0;
  private maxMoved = 0;
  private decisionStart: Point[] = [];

  get current(): GestureMode {
    return this.mode;
  }

  down(p: PointerInput): GestureAction | null {
    if (p.kind !== 'touch') {
      if ((p.button ?? 0) !== 0 || this.mode !== 'idle') return null;
      this.maxMoved = 0;
      this.startedAt = p.t;
      this.track(p);
      this.mode = p.altKey ? 'alt-pan' : 'press';
      return null;
    }
    if (this.pointers.size === 0) {
      this.startedAt = p.t;
      this.maxFingers = 0;
      this.maxMoved = 0;
    }
    this.track(p);
    this.maxFingers = Math.max(this.maxFingers, this.pointers.size);
    this.restartDecision();
    return null;
  }

  move(p: PointerInput): GestureAction | null {
    const tracked = this.pointers.get(p.id);
    if (!tracked) {
      if (p.kind !== 'touch' && this.mode === 'idle') return { type: 'hover', x: p.x, y: p.y };
      return null;
    }
    const before = this.points();
    const prev = tracked.last;
    tracked.last = { x: p.x, y: p.y };
    this.maxMoved = Math.max(this.maxMoved, distance(tracked.start, tracked.last));
    switch (this.mode) {
      case 'alt-pan':
        return { type: 'pan', dx: p.x - prev.x, dy: p.y - prev.y };
      case 'press':
        return null;
      case 'touch-pan': {
        const c0 = centroid(before);
        const c1 = centroid(this.points());
        return { type: 'pan', dx: c1.x - c0.x, dy: c1.y - c0.y };
      }
      case 'pinch':
        return this.pinchAction(before, this.points());
      case 'touch-pending':
        return this.decide();
      default:
        return null;
    }
  }

  up(p: PointerInput): GestureAction | null {
    const tracked = this.pointers.get(p.id);
    if (!tracked) return null;
    tracked.last = { x: p.x, y: p.y };
    const moved = Math.max(this.maxMoved, distance(tracked.start, tracked.last));
    this.pointers.delete(p.id);
    if (p.kind !== 'touch') {
      const wasPress = this.mode === 'press';
      this.mode = 'idle';
      if (!wasPress || moved >= TAP_MAX_MOVE_PX) return null;
      const { x, y } = tracked.start;
      return p.t - this.startedAt >= HOLD_MIN_MS
        ? { type: 'hold', x, y, pointer: 'mouse' }
        : { type: 'tap', x, y };
    }
    if (this.pointers.size > 0) {
      // A finger lifted mid-gesture: continue with the rest as a fresh decision.
      this.restartDecision();
      return null;
    }
    this.mode = 'idle';
    const { x, y } = tracked.start;
    const held = p.t - this.startedAt;
    if (isHold(held, moved, this.maxFingers)) return { type: 'hold', x, y, pointer: 'touch' };
    return isTap(held, moved, this.maxFingers) ? { type: 'tap', x, y } : null;
  }

  cancel(p?: { id: number }): void {
    if (p) this.pointers.delete(p.id);
    else this.pointers.clear();
    if (this.pointers.size === 0) this.mode = 'idle';
    else this.restartDecision();
  }

  /** The pointer left the stage (hover ends). */
  leave(): GestureAction | null {
    return this.mode === 'idle' ? { type: 'leave' } : null;
  }

  private track(p: PointerInput): void {
    this.pointers.set(p.id, { start: { x: p.x, y: p.y }, last: { x: p.x, y: p.y } });
  }

  private points(): Point[] {
    return [...this.pointers.values()].map((t) => t.last);
  }

  private restartDecision(): void {
    this.mode = 'touch-pending';
    this.moves = 0;
    this.decisionStart = this.points();
  }

  private decide(): GestureAction | null {
    this.moves += 1;
    if (this.moves < GESTURE_DECISION_MOVES) return null;
    const now = this.points();
    const kind = classifyTouch(this.decisionStart, now);
    if (kind === 'undecided') return null;
    const from = this.decisionStart;
    if (kind === 'pinch') {
      this.mode = 'pinch';
      return this.pinchAction(from, now);
    }
    this.mode = 'touch-pan';
    const c0 = centroid(from);
    const c1 = centroid(now);
    return { type: 'pan', dx: c1.x - c0.x, dy: c1.y - c0.y };
  }

  private pinchAction(before: Point[], after: Point[]): GestureAction | null {
    if (before.length < 2 || after.length < 2) return null;
    const d0 = distance(before[0] as Point, before[1] as Point);
    const d1 = distance(after[0] as Point, after[1] as Point);
    const c0 = centroid(before);
    const c1 = centroid(after);
    return { type: 'pinch', factor: d0 > 0 ? d1 / d0 : 1, center: c1, dx: c1.x - c0.x, dy: c1.y - c0.y };
  }
}
