import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '@tessera/facts/subjects';
import { patternWithin, tableAccess } from './access.js';

describe('patternWithin', () => {
  it.each([
    ['tessera.lock.acquired', 'tessera.lock.*', true],
    ['tessera.lock.*', 'tessera.lock.*', true],
    ['tessera.lock.>', 'tessera.lock.*', false],
    ['tessera.lock.a.b', 'tessera.lock.*', false],
    ['tessera.lock', 'tessera.lock.*', false],
    ['tessera.lock.*', 'tessera.lock.acquired', false],
    ['tessera.pixels.committed', 'tessera.pixels.committed', true],
    ['tessera.pixels.reset', 'tessera.pixels.committed', false],
    ['tessera.>', 'tessera.pixels.committed', false],
    ['tessera.*.committed', 'tessera.pixels.committed', false],
    ['tessera.a.b.c', 'tessera.>', true],
    ['tessera.>', 'tessera.>', true],
    ['tessera.*', 'tessera.>', true],
    ['tessera', 'tessera.>', false],
    ['tessera.x.>', 'tessera.*.>', true],
    ['tessera.*.y', 'tessera.x.y', false],
  ])('%s within %s: %s', (pattern, allowed, within) => {
    expect(patternWithin(pattern, allowed)).toBe(within);
  });
});

describe('the trust table as broker access', () => {
  const access = tableAccess();
  it('lets a process publish only its own subjects', () => {
    expect(access.mayPublish('canvas', SUBJECTS.pixelsCommitted)).toBe(true);
    expect(access.mayPublish('canvas', SUBJECTS.paymentSucceeded)).toBe(false);
    expect(access.mayPublish('lock', SUBJECTS.lockAcquired)).toBe(true);
    expect(access.mayPublish('bff', SUBJECTS.pixelsCommitted)).toBe(false);
    expect(access.mayPublish('ops', SUBJECTS.pixelsCommitted)).toBe(false);
    expect(access.mayPublish(undefined, SUBJECTS.pixelsCommitted)).toBe(false);
  });
  it('lets a process read only within its subjects', () => {
    expect(access.mayRead('renderer', [SUBJECTS.pixelsCommitted, SUBJECTS.canvasActivated])).toBe(true);
    expect(access.mayRead('renderer', [SUBJECTS.pixelsCommitted, SUBJECTS.paymentSucceeded])).toBe(false);
    expect(access.mayRead('bff', ['tessera.lock.*', 'tessera.lock.expired'])).toBe(true);
    expect(access.mayRead('bff', ['tessera.>'])).toBe(false);
    expect(access.mayRead('canvas', [SUBJECTS.pixelsCommitted])).toBe(false);
    expect(access.mayRead(undefined, [SUBJECTS.pixelsCommitted])).toBe(false);
  });
});
