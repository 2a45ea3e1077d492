// The stage's view state as a reducer: stage size, viewport, and whether the user moved the view.
// Until the user zooms or pans, a resize re-fits the view; afterwards it keeps the centre in place.
import type { GestureAction } from './gestures.js';
import type { Point } from './layout.js';
import { wheelDeltaPixels } from '../lib/zoom.js';
import {
  focusViewport,
  initialViewport,
  panBy,
  stepZoom,
  wheelSensitivity,
  wheelZoom,
  zoomAt,
  zoomStep,
  type Size,
  type Viewport,
} from './viewport.js';

export interface ViewState {
  stage: Size;
  worldSize: number;
  mobile: boolean;
  viewport: Viewport;
  touched: boolean;
  /** A world point the view is opened on (a deep link), with its zoom; Reset forgets it. */
  focus?: Focus | null;
}

export interface Focus {
  world: Point;
  zoom: number;
}

export type ViewAction =
  | { type: 'resize'; stage: Size }
  | { type: 'layout'; worldSize: number; mobile: boolean }
  | { type: 'wheel'; deltaY: number; deltaMode: number; anchor: Point }
  | { type: 'step'; direction: 1 | -1 }
  | { type: 'reset' }
  | { type: 'focus'; focus: Focus }
  | Extract<GestureAction, { type: 'pan' } | { type: 'pinch' }>;

export function createViewState(
  stage: Size,
  worldSize: number,
  mobile: boolean,
  focus: Focus | null = null,
): ViewState {
  const viewport = focus
    ? focusViewport(stage, focus.world, focus.zoom)
    : initialViewport(stage, worldSize, mobile);
  return { stage, worldSize, mobile, viewport, touched: false, focus };
}

export function viewReducer(state: ViewState, action: ViewAction): ViewState {
  switch (action.type) {
    case 'resize': {
      const { stage } = action;
      if (stage.width === state.stage.width && stage.height === state.stage.height) return state;
      if (!state.touched) return createViewState(stage, state.worldSize, state.mobile, state.focus);
      const dx = (stage.width - state.stage.width) / 2;
      const dy = (stage.height - state.stage.height) / 2;
      return { ...state, stage, viewport: panBy(state.viewport, dx, dy) };
    }
    case 'layout':
      if (action.worldSize === state.worldSize && action.mobile === state.mobile) return state;
      // A focus is a world point of the old layout: the page sends it again for the new one.
      return createViewState(state.stage, action.worldSize, action.mobile);
    case 'reset':
      return createViewState(state.stage, state.worldSize, state.mobile);
    case 'focus':
      return createViewState(state.stage, state.worldSize, state.mobile, action.focus);
    case 'wheel': {
      const delta = wheelDeltaPixels(action.deltaY, action.deltaMode);
      return moved(state, wheelZoom(state.viewport, delta, wheelSensitivity(state.mobile), action.anchor));
    }
    case 'step':
      return moved(state, stepZoom(state.viewport, action.direction, zoomStep(state.mobile), state.stage));
    case 'pan':
      return moved(state, panBy(state.viewport, action.dx, action.dy));
    case 'pinch': {
      const panned = panBy(state.viewport, action.dx, action.dy);
      return moved(state, zoomAt(panned, panned.zoom * action.factor, action.center));
    }
    default:
      return state;
  }
}

function moved(state: ViewState, viewport: Viewport): ViewState {
  return viewport === state.viewport ? state : { ...state, viewport, touched: true };
}
