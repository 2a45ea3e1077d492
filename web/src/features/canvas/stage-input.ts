// Input helpers of the canvas stage: pointer events to scene input, keyboard shortcuts, and the
// ghost-click guard after a tap.
import type { PointerEvent as ReactPointerEvent } from 'react';
import type { PointerInput, ViewAction } from '../../canvas-scene/index.js';

export function toInput(e: ReactPointerEvent<HTMLElement>): PointerInput {
  const rect = e.currentTarget.getBoundingClientRect();
  const kind = e.pointerType === 'touch' || e.pointerType === 'pen' ? e.pointerType : 'mouse';
  return {
    id: e.pointerId,
    kind,
    x: e.clientX - rect.left,
    y: e.clientY - rect.top,
    t: e.timeStamp,
    altKey: e.altKey,
    button: e.button,
  };
}

const KEY_PAN_PX = 40;

/** Keyboard: arrows pan, + and - zoom, 0 resets. */
export function keyAction(key: string): ViewAction | null {
  switch (key) {
    case 'ArrowLeft':
      return { type: 'pan', dx: KEY_PAN_PX, dy: 0 };
    case 'ArrowRight':
      return { type: 'pan', dx: -KEY_PAN_PX, dy: 0 };
    case 'ArrowUp':
      return { type: 'pan', dx: 0, dy: KEY_PAN_PX };
    case 'ArrowDown':
      return { type: 'pan', dx: 0, dy: -KEY_PAN_PX };
    case '+':
    case '=':
      return { type: 'step', direction: 1 };
    case '-':
      return { type: 'step', direction: -1 };
    case '0':
      return { type: 'reset' };
    default:
      return null;
  }
}

/** Eats the click the browser dispatches right after a tap's pointerup (mouse or touch). */
export function swallowNextClick(): void {
  const eat = (event: MouseEvent) => {
    event.stopPropagation();
    event.preventDefault();
    done();
  };
  const done = () => {
    clearTimeout(timer);
    window.removeEventListener('click', eat, true);
  };
  const timer = setTimeout(done, 400);
  window.addEventListener('click', eat, true);
}
