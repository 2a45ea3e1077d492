import { describe, expect, it } from 'vitest';
import { TOAST_GAP_PX, toastTop } from './toast-position.js';

describe('toastTop', () => {
  it('puts the toasts just below the header, never over it', () => {
    expect(toastTop(61)).toBe(61 + TOAST_GAP_PX);
    expect(toastTop(112.4)).toBe(112 + TOAST_GAP_PX);
  });

  it('uses the gap alone with no header on screen (none, or scrolled away)', () => {
    expect(toastTop(null)).toBe(TOAST_GAP_PX);
    expect(toastTop(-40)).toBe(TOAST_GAP_PX);
    expect(toastTop(Number.NaN)).toBe(TOAST_GAP_PX);
  });
});
