// Test helper: a stand-in for `document` as a VisibilitySource. `set` changes the state and tells the
// listeners; `listeners` shows who still listens.
import type { VisibilitySource } from './visibility.js';

export function fakeDocument() {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: 'visible',
    addEventListener: (_: 'visibilitychange', l: () => void) => void listeners.add(l),
    removeEventListener: (_: 'visibilitychange', l: () => void) => void listeners.delete(l),
  };
  const set = (state: 'visible' | 'hidden') => {
    doc.visibilityState = state;
    for (const l of [...listeners]) l();
  };
  return { doc: doc as VisibilitySource, set, listeners };
}
