import { describe, expect, it } from 'vitest';
import { isHidden, onVisibilityChange, type VisibilitySource } from './visibility.js';

function fakeDocument() {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: 'visible',
    addEventListener: (_: 'visibilitychange', l: () => void) => void listeners.add(l),
    removeEventListener: (_: 'visibilitychange', l: () => void) => void listeners.delete(l),
  };
  const set = (state: string) => {
    doc.visibilityState = state;
    for (const l of [...listeners]) l();
  };
  return { doc: doc as VisibilitySource, set, listeners };
}

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
