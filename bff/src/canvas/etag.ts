/** ETag comparison of the cached read routes (board pixels, composite). */
/** True when an If-None-Match header value names `etag` (weak comparison, or `*`). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .slice(0, 4096)
    .split(',')
    .some((t) => {
      const v = t.trim().replace(/^W\//, '');
      return v === '*' || v === bare;
    });
}
