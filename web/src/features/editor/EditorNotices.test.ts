import { describe, expect, it } from 'vitest';
import { HINTS, hintsFor, keptSelectionMessage, TOUCH_HINTS } from './EditorNotices.js';

describe('the hint bar', () => {
  it("shows the spec's hints with a mouse and touch hints on a touch screen", () => {
    expect(hintsFor(true, false)).toEqual(HINTS.locked);
    expect(hintsFor(true, true)).toEqual(TOUCH_HINTS.locked);
    const touch = hintsFor(true, true).join(' ');
    for (const mouseOnly of ['Ctrl', 'Cmd', 'Scroll', 'Alt']) expect(touch).not.toContain(mouseOnly);
    expect(hintsFor(false, true)).toEqual(HINTS.unlocked);
  });
});

describe('the owned-pixel warning', () => {
  it('says what the selection kept, so it agrees with the header count', () => {
    expect(keptSelectionMessage(0)).toBe('They were left out, so no pixels are selected.');
    expect(keptSelectionMessage(1)).toBe('They were left out; 1 pixel is still selected.');
    expect(keptSelectionMessage(12)).toBe('They were left out; 12 pixels are still selected.');
  });
});
