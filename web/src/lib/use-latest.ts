// A ref that always holds the latest value, for callbacks that long-lived listeners and timers call:
// they read `ref.current` when they fire, so passing a new inline function never re-subscribes them.
import { useLayoutEffect, useRef } from 'react';

/**
 * The ref is written in a layout effect: after React committed the render that produced the value
 * (a render React throws away never writes it) and before any effect, timer or event of that commit
 * can read it. Writing during render would leak discarded renders; a plain effect runs too late for
 * an event that arrives between the commit and the effect.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
