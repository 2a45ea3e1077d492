import { describe, expect, it } from 'vitest';
import { handleModalEscape } from './use-modal.js';

/** Presses `key` on a modal (busy or not): whether it was handled, closed the modal, and was stopped. */
function press(key: string, busy: boolean) {
  let stopped = false;
  let closed = 0;
  const handled = handleModalEscape(
    { key, stopPropagation: () => void (stopped = true) },
    () => closed++,
    busy,
  );
  return { handled, closed, stopped };
}

describe('handleModalEscape', () => {
  it.each([
    ['Escape closes an idle modal, and the page behind never gets the key', 'Escape', false, 1, true],
    ['Escape leaves a busy modal open, and the page behind still never gets it', 'Escape', true, 0, true],
    ['any other key passes untouched', 'Enter', false, 0, false],
  ] as const)('%s', (_, key, busy, closed, stopped) => {
    expect(press(key, busy)).toEqual({ handled: key === 'Escape', closed, stopped });
  });
});
