// Whether the tab is visible, for the parts that pause or catch up while it is hidden (the canvas
// refresh, the CSRF token's inactivity rule). The shape is the part of `document` they read, so the
// app passes `document` itself and tests pass a small fake.

export interface VisibilitySource {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export function isHidden(source: VisibilitySource): boolean {
  return source.visibilityState === 'hidden';
}

/** Calls `listener` on every change of visibility; returns the function that stops it. */
export function onVisibilityChange(source: VisibilitySource, listener: () => void): () => void {
  source.addEventListener('visibilitychange', listener);
  return () => source.removeEventListener('visibilitychange', listener);
}
