// The canvas page's lock parts: the verdict of a board click and the lock icons on the overlay.
import { describe, expect, it } from 'vitest';
import { renderOverlay, sceneLayout, OVERLAY_STYLE, type Draw2D } from '../../canvas-scene/index.js';
import { drawRecorder } from '../../lib/draw-recorder.fixture.js';
import type { LockStatus } from '../locks/index.js';
import { verdictOf } from './use-board-locks.js';

const NOW = 1_700_000_000_000;
const status = (userId: string | null, expiresAt: number): LockStatus => ({
  isLocked: true,
  canLock: false,
  canvasIndex: 0,
  boardIndex: 7,
  lock: { canvasIndex: 0, boardIndex: 7, userId, username: 'bob', acquiredAt: NOW, expiresAt },
});

describe('verdictOf', () => {
  it('someone else: locked with holder and minutes rounded up', () => {
    expect(verdictOf(status('u2', NOW + 61_000), 'u1', NOW)).toEqual({
      kind: 'locked',
      username: 'bob',
      minutesRemaining: 2,
    });
  });
  it('my own lock or a free board lets me through', () => {
    expect(verdictOf(status('u1', NOW + 61_000), 'u1', NOW)).toEqual({ kind: 'free' });
    expect(
      verdictOf({ isLocked: false, canLock: true, canvasIndex: 0, boardIndex: 7, lock: null }, 'u1', NOW),
    ).toEqual({ kind: 'free' });
  });
});

describe('lock icons', () => {
  it('draws a padlock on each locked board', () => {
    const { ctx, ops } = drawRecorder<Draw2D>();
    const layout = sceneLayout(false);
    renderOverlay(ctx, {
      width: 800,
      height: 800,
      dpr: 1,
      viewport: { x: 0, y: 0, zoom: 2 },
      layout,
      hoverBoard: null,
      showGrid: false,
      lockedBoards: new Set([3, 40]),
    });
    const fills = (style: string) => ops.filter((o) => o.startsWith(`fill ${style} `));
    expect(fills(OVERLAY_STYLE.lockIcon)).toHaveLength(2);
    expect(fills(OVERLAY_STYLE.lockFill)).toHaveLength(2);
  });
});
