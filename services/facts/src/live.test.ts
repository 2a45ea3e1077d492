import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  isLockEventKind,
  LIVE_EVENT,
  LIVE_EVENTS_PATH,
  LOCK_EVENT_KINDS,
  LOCK_EVENT_NAMES,
  lockEventKindOf,
  lockEventName,
  type LockEventKind,
} from './live.js';

describe('the live stream', () => {
  it('is served at /api/events with the event names the BFF and the web app agree on', () => {
    expect(LIVE_EVENTS_PATH).toBe('/api/events');
    expect(LIVE_EVENT).toEqual({
      pixels: 'pixels',
      canvasActivated: 'canvas:activated',
      canvasSoldOut: 'canvas:soldout',
    });
  });

  it('has one lock event per lock subject', () => {
    expect(LOCK_EVENT_KINDS).toEqual(['acquired', 'released', 'extended', 'expired', 'warning']);
    expect(LOCK_EVENT_NAMES).toEqual([
      'lock:acquired',
      'lock:released',
      'lock:extended',
      'lock:expired',
      'lock:warning',
    ]);
    expectTypeOf<LockEventKind>().toEqualTypeOf<
      'acquired' | 'released' | 'extended' | 'expired' | 'warning'
    >();
  });

  it('reads a lock kind back from its event name, and nothing else', () => {
    for (const kind of LOCK_EVENT_KINDS) expect(lockEventKindOf(lockEventName(kind))).toBe(kind);
    for (const other of ['pixels', 'canvas:activated', 'lock:', 'lock:restored', 'expired', 'Lock:expired'])
      expect(lockEventKindOf(other), other).toBeNull();
    expect(isLockEventKind('warning')).toBe(true);
    expect(isLockEventKind('restored')).toBe(false);
  });
});
