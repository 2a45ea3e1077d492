// Toast queue: default durations, auto-dismiss, limit of 20.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DURATIONS, ToastStore } from './toast-store.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('ToastStore', () => {
  it('uses 2 s for success, 4 s for error and 3 s otherwise', () => {
    expect(DEFAULT_DURATIONS).toEqual({ success: 2000, error: 4000, info: 3000, warning: 3000 });
    const store = new ToastStore();
    store.show('success', 'Saved');
    store.show('error', 'Nope', { durationMs: 10_000 });
    expect(store.getSnapshot().map((t) => [t.kind, t.message, t.durationMs])).toEqual([
      ['success', 'Saved', 2000],
      ['error', 'Nope', 10_000],
    ]);
    store.clear();
  });

  it('dismisses each toast after its duration', () => {
    vi.useFakeTimers();
    const store = new ToastStore();
    store.show('info', 'a');
    store.show('error', 'b');
    store.show('warning', 'sticky', { durationMs: 0 });
    vi.advanceTimersByTime(2999);
    expect(store.getSnapshot()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['b', 'sticky']);
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['sticky']);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('keeps at most 20, dropping the oldest, and notifies subscribers', () => {
    vi.useFakeTimers();
    const store = new ToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    for (let i = 0; i < 25; i++) store.show('info', `t${i}`);
    const shown = store.getSnapshot();
    expect(shown).toHaveLength(20);
    expect(shown[0]?.message).toBe('t5');
    expect(listener).toHaveBeenCalledTimes(25);
    const id = shown[0]?.id ?? -1;
    store.dismiss(id);
    store.dismiss(id);
    expect(store.getSnapshot()).toHaveLength(19);
    expect(listener).toHaveBeenCalledTimes(26);
    expect(vi.getTimerCount()).toBe(19);
  });
});
