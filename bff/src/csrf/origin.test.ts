import { describe, expect, it } from 'vitest';
import { checkOrigin, originOf, serverOrigin } from './origin.js';

const allowed = new Set(['https://tessera.art', 'http://127.0.0.1:8080']);

describe('checkOrigin', () => {
  it('lets same-origin browser requests and header-less programs through', () => {
    expect(checkOrigin({ origin: 'https://tessera.art', secFetchSite: 'same-origin' }, allowed)).toEqual({
      ok: true,
      headerless: false,
    });
    expect(checkOrigin({ secFetchSite: 'same-origin' }, allowed)).toEqual({ ok: true, headerless: false });
    expect(checkOrigin({ origin: 'http://127.0.0.1:8080' }, allowed)).toEqual({
      ok: true,
      headerless: false,
    });
    expect(checkOrigin({}, allowed)).toEqual({ ok: true, headerless: true });
  });

  it('refuses cross-site requests and foreign or opaque origins', () => {
    expect(checkOrigin({ secFetchSite: 'cross-site' }, allowed).ok).toBe(false);
    expect(checkOrigin({ origin: 'https://tessera.art', secFetchSite: 'cross-site' }, allowed).ok).toBe(
      false,
    );
    expect(checkOrigin({ origin: 'https://evil.example' }, allowed).ok).toBe(false);
    expect(checkOrigin({ origin: 'null' }, allowed).ok).toBe(false);
    expect(checkOrigin({ origin: 'https://tessera.art.evil.example' }, allowed).ok).toBe(false);
    expect(checkOrigin({ origin: 'http://tessera.art' }, allowed).ok).toBe(false);
  });

  it('needs an allowed Origin for same-site and unknown Sec-Fetch-Site values', () => {
    expect(checkOrigin({ secFetchSite: 'same-site' }, allowed).ok).toBe(false);
    expect(checkOrigin({ secFetchSite: 'same-site', origin: 'https://shop.tessera.art' }, allowed).ok).toBe(
      false,
    );
    expect(checkOrigin({ secFetchSite: 'same-site', origin: 'https://tessera.art' }, allowed).ok).toBe(true);
    expect(checkOrigin({ secFetchSite: 'weird' }, allowed).ok).toBe(false);
  });

  it('reduces URLs to their origin', () => {
    expect(originOf('https://tessera.art/path?q=1')).toBe('https://tessera.art');
    expect(originOf('https://tessera.art:443')).toBe('https://tessera.art');
    expect(originOf('ftp://x')).toBeUndefined();
    expect(originOf('not a url')).toBeUndefined();
  });

  it("takes this server's origin from the scheme and host, never from the caller's Origin header", () => {
    expect(serverOrigin({ protocol: 'https', host: 'tessera.art' })).toBe('https://tessera.art');
    expect(serverOrigin({ protocol: 'http', host: '127.0.0.1:8080' })).toBe('http://127.0.0.1:8080');
    expect(serverOrigin({ protocol: 'https', host: 'tessera.art:443' })).toBe('https://tessera.art');
    expect(serverOrigin({ protocol: 'http', host: '' })).toBeUndefined();
    expect(serverOrigin({ protocol: 'http', host: 'a b' })).toBeUndefined();
  });
});
