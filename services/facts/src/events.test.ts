import { describe, expect, it } from 'vitest';
import { decodeEvent, encodeEvent, EVENT_SCHEMAS } from './events.js';
import { lockEventKind, LOCK_SUBJECTS, SUBJECTS } from './subjects.js';

describe('event subjects', () => {
  it('gives every subject a payload schema', () => {
    expect(Object.keys(EVENT_SCHEMAS).sort()).toEqual(Object.values(SUBJECTS).sort());
    expect(EVENT_SCHEMAS[SUBJECTS.lockExpired].typeName).toBe('tessera.events.v1.LockChanged');
  });

  it('round-trips a payload through its subject', () => {
    const bytes = encodeEvent(SUBJECTS.canvasActivated, { canvasIndex: 3, name: 'Dawn' });
    const ev = decodeEvent(SUBJECTS.canvasActivated, bytes);
    expect(ev.canvasIndex).toBe(3);
    expect(ev.name).toBe('Dawn');
  });

  it('names the kind of a lock subject', () => {
    expect(LOCK_SUBJECTS).toBe('tessera.lock.*');
    expect(lockEventKind(SUBJECTS.lockWarning)).toBe('warning');
    expect(lockEventKind('tessera.lock.')).toBeNull();
    expect(lockEventKind('tessera.lock.A.b')).toBeNull();
    expect(lockEventKind(SUBJECTS.pixelsCommitted)).toBeNull();
  });
});
