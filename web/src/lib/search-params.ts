// Route parameter and search parameter validation. The router passes raw values through these, so a
// hand-edited URL can never put an invalid value into a page.
import { CANVAS_SIZE, isBoardIndex, isCanvasIndex } from '@tessera/facts/grid';
import { CALLBACK_PARAMS, OAUTH_FAILED, type CallbackParam } from '@tessera/facts/oauth';
import {
  DEFAULT_SORT,
  isSortOrder,
  MAX_PAGE,
  SEARCH_MAX,
  searchTerm,
  type SortOrder,
} from '@tessera/facts/submissions';
import { readInt } from './json.js';
import { parsePixelKey, pixelKey } from './pixel-key.js';

type RawSearch = Record<string, unknown>;

/** The editor's board index: an integer 0..624, else 0. */
export function parseBoardIndex(raw: unknown): number {
  const value = readInt(raw);
  return value !== null && isBoardIndex(value) ? value : 0;
}

export interface EditorSearch {
  highlight?: string;
}

/** highlight={x}-{y} with integers x and y in 0..48 (a pixel key); anything else is no highlight. */
export function validateEditorSearch(search: RawSearch): EditorSearch {
  const pixel = parsePixelKey(search.highlight);
  return pixel ? { highlight: pixelKey(pixel.x, pixel.y) } : {};
}

export interface CanvasSearch {
  x?: number;
  y?: number;
}

/** x and y of one canvas pixel (integers 0..1224, both given); anything else opens the usual view. */
export function validateCanvasSearch(search: RawSearch): CanvasSearch {
  const x = readInt(search.x);
  const y = readInt(search.y);
  const inside = (v: number | null): v is number => v !== null && v >= 0 && v < CANVAS_SIZE;
  return inside(x) && inside(y) ? { x, y } : {};
}

export interface LoginSearch {
  error?: typeof OAUTH_FAILED;
}

/** Only the provider failure the BFF and the callback page write (facts' OAUTH_FAILED) is kept. */
export function validateLoginSearch(search: RawSearch): LoginSearch {
  return search.error === OAUTH_FAILED ? { error: OAUTH_FAILED } : {};
}

/** The callback page's parameters, facts' CALLBACK_PARAMS: exchange_token, success, error, code. */
export type CallbackSearch = Partial<Record<CallbackParam, string>>;

/** The identity provider's return parameters, kept as strings (the default parser may give booleans). */
export function validateCallbackSearch(search: RawSearch): CallbackSearch {
  const out: CallbackSearch = {};
  for (const key of CALLBACK_PARAMS) {
    const value = search[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out[key] = String(value);
    }
  }
  return out;
}

export interface ArtistSelectionSearch {
  page?: number;
  sort?: SortOrder;
  search?: string;
}

/**
 * A search text as the URL keeps it and the server gets it: facts' searchTerm (trimmed, only with
 * 2+ characters) of a string or a number (the router's parser makes `search=42` a number), and none
 * longer than the server takes.
 */
export function searchTermOf(raw: unknown): string | undefined {
  const text = typeof raw === 'string' || typeof raw === 'number' ? searchTerm(String(raw)) : null;
  return text !== null && text.length <= SEARCH_MAX ? text : undefined;
}

/**
 * page (an integer from 1 to the last page the server serves), sort (hot or new) and search (kept
 * only with at least 2 characters). Every key is returned, undefined when invalid: the router lays a
 * route's validated search over the raw one, so a key left out would keep its raw value.
 */
export function validateArtistSelectionSearch(search: RawSearch): ArtistSelectionSearch {
  const page = readInt(search.page);
  return {
    page: page !== null && page >= 1 && page <= MAX_PAGE ? page : undefined,
    sort: isSortOrder(search.sort) ? search.sort : undefined,
    search: searchTermOf(search.search),
  };
}

export interface ArtistSelectionState {
  page: number;
  sort: SortOrder;
  search: string;
}

/** The page's state read from its validated URL parameters (page 1, Hot and no search by default). */
export function artistSelectionState(search: ArtistSelectionSearch): ArtistSelectionState {
  return { page: search.page ?? 1, sort: search.sort ?? DEFAULT_SORT, search: search.search ?? '' };
}

/** The URL parameters for a state: page only above 1, the sort, and a search of 2+ characters. */
export function artistSelectionSearch(state: Partial<ArtistSelectionState>): ArtistSelectionSearch {
  const out: ArtistSelectionSearch = {};
  if (state.page !== undefined && Number.isInteger(state.page) && state.page > 1) out.page = state.page;
  if (state.sort !== undefined) out.sort = state.sort;
  const text = searchTermOf(state.search);
  if (text !== undefined) out.search = text;
  return out;
}

export interface TimelapseSearch {
  canvas?: number;
}

/** /canvas/timelapse?canvas=N: a canvas index, else none (the active canvas). */
export function validateTimelapseSearch(search: RawSearch): TimelapseSearch {
  const canvas = readInt(search.canvas);
  return canvas !== null && isCanvasIndex(canvas) ? { canvas } : {};
}
