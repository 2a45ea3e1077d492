/** Headers between Node's HTTP/2 objects and the fetch API's `Headers` that Connect works with. */
import type http2 from 'node:http2';
import { compressionBrotli, compressionGzip } from '@connectrpc/connect-node';

/** The compressions connect-node accepts and offers by default (gzip first), as the short paths do. */
export const COMPRESSIONS = [compressionGzip, compressionBrotli];

/** Node's incoming headers as `Headers`, without the HTTP/2 pseudo-headers (`:path`, ...). */
export function webHeaders(h: http2.IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const key in h) {
    if (key.startsWith(':')) continue;
    const v = h[key];
    if (typeof v === 'string') out.append(key, v);
    else if (Array.isArray(v)) for (const e of v) out.append(key, e);
  }
  return out;
}

/** `Headers` as Node's outgoing headers. */
export function nodeHeaders(
  header: Headers,
  into: http2.OutgoingHttpHeaders = {},
): http2.OutgoingHttpHeaders {
  header.forEach((value, key) => (into[key] = value));
  return into;
}
