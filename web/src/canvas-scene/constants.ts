// Canvas-page constants (spec section 9). Framework-free; shared by the scene model and the React page.

// The grid itself (25 x 25 boards of 49 x 49 pixels, the composite image's CANVAS_SIZE) is
// @tessera/facts/grid, imported where it is used.

/** Board cell on screen at zoom 1, and its factor at mobile widths. */
export const BOARD_CELL_PX = 19.6;
export const MOBILE_CELL_FACTOR = 0.95;
export const PADDING_DESKTOP_PX = 48;
export const PADDING_MOBILE_PX = 24;
/** Width at or below which the page uses its mobile layout. */
export const MOBILE_MAX_WIDTH = 768;
export const RESIZE_DEBOUNCE_MS = 150;

export const ZOOM_MIN = 0.1;
/**
 * Far enough that one canvas pixel is at least 8 screen pixels (0.4 x 25 = 10 px on desktop, 9.5 px
 * on the mobile layout), so a single bought pixel can be found and tapped. The spec's 4 (1.6 px a
 * pixel) made six bought pixels a 5 x 3 dot (issue 24).
 */
export const ZOOM_MAX = 25;
/** From 200% the zoom steps (buttons and wheel) grow with the zoom, so 25x is a few dozen presses away. */
export const ZOOM_STEP_GROWTH_FROM = 2;
/** A deep-linked pixel (/canvas?x=&y=) is opened at the zoom that shows it this large on screen. */
export const FOCUS_PIXEL_SCREEN_PX = 10;
export const WHEEL_SENSITIVITY_DESKTOP = 0.001;
export const WHEEL_SENSITIVITY_MOBILE = 0.0005;
export const ZOOM_STEP_DESKTOP = 0.1;
export const ZOOM_STEP_MOBILE = 0.05;
export const FIT_ZOOM_MIN = 0.1;
export const FIT_ZOOM_MAX = 2;
export const FIT_MARGIN_PX = 40;

/** Touch: pinch when the finger distance changes by more than this. */
export const PINCH_THRESHOLD_PX = 10;
/** Touch: pan when the fingers move by more than this. */
export const PAN_THRESHOLD_PX = 2;
/** Touch: the gesture is classified after this many move events. */
export const GESTURE_DECISION_MOVES = 3;
export const TAP_MIN_MS = 50;
export const TAP_MAX_MS = 500;
export const TAP_MAX_MOVE_PX = 10;
/** A press held still at least this long is a hold (pixel info at close zoom), not a tap. */
export const HOLD_MIN_MS = TAP_MAX_MS;

export const REFRESH_DESKTOP_MS = 15_000;
export const REFRESH_MOBILE_MS = 30_000;
export const VIEW_TRANSITION_MS = 300;

export const DESCRIPTION_LIMIT = 150;
export const BANNER_AUTO_HIDE_MS = 5_000;
export const FORCE_REFRESH_CONFIRM_MS = 2_000;

export const TUTORIAL_VERSION = '2.0.0';
export const TUTORIAL_DELAY_MS = 800;
export const TUTORIAL_STORAGE_KEY = 'tessera.canvas.tutorial';
