// Route and search parameter validation.
import { describe, expect, it } from 'vitest';
import {
  artistSelectionSearch,
  artistSelectionState,
  searchTermOf,
  parseBoardIndex,
  validateArtistSelectionSearch,
  validateCallbackSearch,
  validateEditorSearch,
  validateCanvasSearch,
  validateLoginSearch,
} from './search-params.js';

describe('board index', () => {
  it('accepts integers 0..624 and falls back to 0', () => {
    expect(parseBoardIndex('12')).toBe(12);
    expect(parseBoardIndex(624)).toBe(624);
    for (const bad of [undefined, '', 'abc', '-1', '625', '1.5', 3.2, '1e2', null, {}]) {
      expect(parseBoardIndex(bad)).toBe(0);
    }
  });
});

describe('highlight', () => {
  it('accepts {x}-{y} with both in 0..48', () => {
    expect(validateEditorSearch({ highlight: '0-0' })).toEqual({ highlight: '0-0' });
    expect(validateEditorSearch({ highlight: ' 48-7 ' })).toEqual({ highlight: '48-7' });
    expect(validateEditorSearch({ highlight: '12-30' })).toEqual({ highlight: '12-30' });
  });

  it('drops anything else', () => {
    for (const bad of ['49-1', '1-49', '-1-2', '1.5-2', 'a-b', '1-2-3', '', 12, null]) {
      expect(validateEditorSearch({ highlight: bad })).toEqual({});
    }
    expect(validateEditorSearch({ highlight: '99-99', other: 1 })).toEqual({});
  });
});

describe('login and callback search', () => {
  it('keeps only error=oauth_failed on /login', () => {
    expect(validateLoginSearch({ error: 'oauth_failed' })).toEqual({ error: 'oauth_failed' });
    expect(validateLoginSearch({ error: 'something' })).toEqual({});
  });

  it('keeps the provider parameters as strings', () => {
    expect(validateCallbackSearch({ exchange_token: 'abc', success: true, code: 123, junk: 'x' })).toEqual({
      exchange_token: 'abc',
      success: 'true',
      code: '123',
    });
  });
});

describe('artist selection search', () => {
  it('keeps a valid page, sort and a search of at least 2 characters', () => {
    expect(validateArtistSelectionSearch({ page: 3, sort: 'new', search: '  cats ' })).toEqual({
      page: 3,
      sort: 'new',
      search: 'cats',
    });
    expect(validateArtistSelectionSearch({ page: '2' })).toEqual({ page: 2 });
  });

  it('drops invalid values', () => {
    expect(validateArtistSelectionSearch({ page: 0, sort: 'top', search: ' a ' })).toEqual({});
    expect(validateArtistSelectionSearch({ page: 'x', search: {} })).toEqual({});
  });

  it('drops what the server would refuse: a page past the last it serves, a search over 100 characters', () => {
    expect(validateArtistSelectionSearch({ page: 100_000, search: ` ${'x'.repeat(100)} ` })).toEqual({
      page: 100_000,
      search: 'x'.repeat(100),
    });
    expect(validateArtistSelectionSearch({ page: 100_001, search: 'x'.repeat(101) })).toEqual({});
  });
});

describe('artist selection URL state', () => {
  it('defaults to page 1, Hot and no search', () => {
    expect(artistSelectionState({})).toEqual({ page: 1, sort: 'hot', search: '' });
    expect(artistSelectionState({ page: 3, sort: 'new', search: 'cats' })).toEqual({
      page: 3,
      sort: 'new',
      search: 'cats',
    });
  });

  it('writes page only above 1, the sort when set, and a trimmed search of 2+ characters', () => {
    expect(artistSelectionSearch({ page: 1, sort: 'hot', search: '' })).toEqual({ sort: 'hot' });
    expect(artistSelectionSearch({ page: 2, sort: 'new', search: '  dogs ' })).toEqual({
      page: 2,
      sort: 'new',
      search: 'dogs',
    });
    expect(artistSelectionSearch({ page: undefined, search: 'd' })).toEqual({});
    expect(artistSelectionSearch({ page: 2.5 })).toEqual({});
  });

  it('reads a search term only with 2+ characters after trimming', () => {
    expect(searchTermOf(' ab ')).toBe('ab');
    expect(searchTermOf(' a ')).toBeUndefined();
    expect(searchTermOf(42)).toBe('42');
    expect(searchTermOf(null)).toBeUndefined();
  });

  it('returns every key, undefined when invalid, so the router drops the raw value', () => {
    const out = validateArtistSelectionSearch({ page: '0', sort: 'top', search: 'x' });
    expect(Object.keys(out).sort()).toEqual(['page', 'search', 'sort']);
    expect(Object.values(out)).toEqual([undefined, undefined, undefined]);
  });

  it('round-trips through the URL validation', () => {
    const state = { page: 4, sort: 'new' as const, search: 'harbour lights' };
    expect(artistSelectionState(validateArtistSelectionSearch({ ...artistSelectionSearch(state) }))).toEqual(
      state,
    );
  });
});

describe('validateCanvasSearch', () => {
  it('keeps x and y of one canvas pixel, both given, integers 0..1224', () => {
    expect(validateCanvasSearch({ x: '612', y: 300 })).toEqual({ x: 612, y: 300 });
    expect(validateCanvasSearch({ x: 0, y: 1224 })).toEqual({ x: 0, y: 1224 });
    expect(validateCanvasSearch({ x: 1225, y: 3 })).toEqual({});
    expect(validateCanvasSearch({ x: -1, y: 3 })).toEqual({});
    expect(validateCanvasSearch({ x: '1.5', y: 3 })).toEqual({});
    expect(validateCanvasSearch({ x: 4 })).toEqual({});
    expect(validateCanvasSearch({})).toEqual({});
  });
});
