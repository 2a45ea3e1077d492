/**
 * If-None-Match matching (RFC 9110 section 13.1.2), written once for every cached read: the BFF's
 * board pixels, composite image and artist-selection images, and the renderer's RenderComposite /
 * RenderBoard (whose `ifNoneMatch` carries the header's value).
 */

/**
 * The longest If-None-Match value read. Entity tags past it are not compared, so an over-long header
 * gets the full answer, never a wrong 304, and the work per request stays bounded.
 */
export const IF_NONE_MATCH_MAX_CHARS = 4096;

/** The opaque tag of an entity tag: the quoted string without a `W/` prefix. */
function opaqueTag(entityTag: string): string {
  return entityTag.startsWith('W/') ? entityTag.slice(2) : entityTag;
}

/**
 * The members of an If-None-Match value: `*` or entity tags (`"x"`, `W/"x"`), comma-separated with
 * optional whitespace. A comma inside a quoted tag belongs to the tag (RFC 9110 `etagc` allows it).
 * A malformed member (not quoted) is taken as written up to the next comma.
 */
function members(list: string): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < list.length) {
    const c = list[i];
    if (c === ',' || c === ' ' || c === '\t') {
      i++;
      continue;
    }
    const start = i;
    if (list.startsWith('W/"', i)) i += 2;
    if (list[i] === '"') {
      const close = list.indexOf('"', i + 1);
      i = close === -1 ? list.length : close + 1;
    } else {
      const comma = list.indexOf(',', i);
      i = comma === -1 ? list.length : comma;
    }
    found.push(list.slice(start, i).trim());
  }
  return found;
}

/**
 * True when an If-None-Match header value matches `etag` by the weak comparison the header uses:
 * `*` matches any current representation; otherwise any entity tag in the list whose opaque tag
 * equals `etag`'s, a `W/` prefix ignored on both sides. An empty or absent value matches nothing.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const wanted = opaqueTag(etag.trim());
  return members(ifNoneMatch.slice(0, IF_NONE_MATCH_MAX_CHARS)).some(
    (m) => m === '*' || opaqueTag(m) === wanted,
  );
}
