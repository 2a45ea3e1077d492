import { describe, expect, it } from 'vitest';
import { fakeDocument } from './visibility.fixture.js';
import { isHidden, onVisibilityChange } from './visibility.js';

describe('visibility', () => {
  it('reads hidden and reports changes until stopped', () => {
    const { doc, set, listeners } = fakeDocument();
    const seen: boolean[] = [];
    const stop = onVisibilityChange(doc, () => seen.push(isHidden(doc)));
    expect(isHidden(doc)).toBe(false);
    set('hidden');
    set('visible');
    stop();
    set('hidden');
    expect(seen).toEqual([true, false]);
    expect(listeners.size).toBe(0);
  });
});
