import { describe, expect, it } from 'vitest';
import { handleModalEscape } from './use-modal.js';

function key(name: string) {
  let stopped = false;
  return { event: { key: name, stopPropagation: () => void (stopped = true) }, stopped: () => stopped };
}

describe('handleModalEscape', () => {
  it('closes on Escape and keeps the key from the page behind', () => {
    const k = key('Escape');
    let closed = 0;
    expect(handleModalEscape(k.event, () => closed++, false)).toBe(true);
    expect(closed).toBe(1);
    expect(k.stopped()).toBe(true);
  });

  it('while busy: does not close, and still keeps the key from the page behind', () => {
    const k = key('Escape');
    let closed = 0;
    expect(handleModalEscape(k.event, () => closed++, true)).toBe(true);
    expect(closed).toBe(0);
    expect(k.stopped()).toBe(true);
  });

  it('lets every other key through untouched', () => {
    const k = key('Enter');
    let closed = 0;
    expect(handleModalEscape(k.event, () => closed++, false)).toBe(false);
    expect(closed).toBe(0);
    expect(k.stopped()).toBe(false);
  });
});
