import { describe, expect, it } from 'vitest';
import { etagMatches, IF_NONE_MATCH_MAX_CHARS } from './etag.js';

describe('etagMatches (If-None-Match, weak comparison)', () => {
  it('matches the same entity tag', () => {
    expect(etagMatches('"c1-v7"', '"c1-v7"')).toBe(true);
    expect(etagMatches('"c1-v7"', '"c1-v8"')).toBe(false);
  });

  it('matches nothing when the header is empty or absent', () => {
    expect(etagMatches('', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });

  it('matches any representation with *', () => {
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches(' * ', 'W/"a"')).toBe(true);
  });

  it('ignores a W/ prefix on the header side, the etag side and both', () => {
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b"', 'W/"a"')).toBe(false);
  });

  it('keeps the W/ prefix case-sensitive and the opaque tag whole', () => {
    expect(etagMatches('w/"a"', '"a"')).toBe(false);
    expect(etagMatches('"a"', 'a')).toBe(false);
    expect(etagMatches('"ab"', '"a"')).toBe(false);
  });

  it('matches any member of a comma-separated list, with or without whitespace', () => {
    expect(etagMatches('"x", "y", "a"', '"a"')).toBe(true);
    expect(etagMatches('"x",W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"x" ,\t"a" ,', '"a"')).toBe(true);
    expect(etagMatches('"x", "y"', '"a"')).toBe(false);
    expect(etagMatches(', ,', '"a"')).toBe(false);
  });

  it('reads a comma inside a quoted tag as part of the tag', () => {
    expect(etagMatches('"a,b"', '"a,b"')).toBe(true);
    expect(etagMatches('"a,b"', '"a"')).toBe(false);
    expect(etagMatches('"x", W/"a,b"', '"a,b"')).toBe(true);
  });

  it('never matches a tag cut off by the length bound', () => {
    const filler = `"${'f'.repeat(IF_NONE_MATCH_MAX_CHARS)}"`;
    expect(etagMatches(`${filler}, "a"`, '"a"')).toBe(false);
    expect(etagMatches(`"a", ${filler}`, '"a"')).toBe(true);
  });
});
