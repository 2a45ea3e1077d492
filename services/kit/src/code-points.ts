/**
 * Compares strings by Unicode code point, which equals the byte order of their UTF-8 encoding (the
 * order Redis uses for members with equal scores, and MongoDB's binary string order). Plain `<`
 * compares UTF-16 code units instead. Negative, zero or positive, like a sort comparator.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    // Surrogates (U+D800..U+DFFF) stand for code points above U+FFFF: they sort after U+E000..U+FFFF.
    const sa = ca >= 0xd800 && ca <= 0xdfff;
    const sb = cb >= 0xd800 && cb <= 0xdfff;
    if (sa !== sb) return sa ? 1 : -1;
    return ca - cb;
  }
  return a.length - b.length;
}
