// CSRF token cache: parsing, reuse, single flight, 5-minute refresh and the inactivity rule.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDocument } from '../lib/visibility.fixture.js';
import { CsrfTokenManager, parseCsrfResponse } from './csrf.js';

const NOW = 1_700_000_000_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('parseCsrfResponse', () => {
  it('reads data{csrfToken, expires, expiresIn} with an ISO expiry', () => {
    const expires = new Date(NOW + 3_600_000).toISOString();
    expect(parseCsrfResponse({ data: { csrfToken: 't', expires, expiresIn: 3600 } }, NOW)).toEqual({
      token: 't',
      expiresAt: NOW + 3_600_000,
    });
  });

  it('reads expiresIn seconds (not expires: the server clock), and only under data', () => {
    expect(parseCsrfResponse({ data: { csrfToken: 't', expiresIn: 120 } }, NOW)?.expiresAt).toBe(
      NOW + 120_000,
    );
    const skewed = new Date(NOW + 5000).toISOString();
    expect(
      parseCsrfResponse({ data: { csrfToken: 't', expires: skewed, expiresIn: 60 } }, NOW)?.expiresAt,
    ).toBe(NOW + 60_000);
    expect(parseCsrfResponse({ csrfToken: 't', expiresIn: 60 }, NOW)).toBeNull();
  });

  it('assumes five minutes when no expiry is given and rejects bodies without a token', () => {
    expect(parseCsrfResponse({ data: { csrfToken: 't' } }, NOW)?.expiresAt).toBe(NOW + 300_000);
    expect(parseCsrfResponse({ data: {} }, NOW)).toBeNull();
    expect(parseCsrfResponse('nope', NOW)).toBeNull();
    expect(parseCsrfResponse(null, NOW)).toBeNull();
  });
});

function manager() {
  let clock = NOW;
  let n = 0;
  const fetchToken = vi.fn(async () => ({ token: `t${++n}`, expiresAt: clock + 3_600_000 }));
  const m = new CsrfTokenManager({ fetchToken, now: () => clock });
  return { m, fetchToken, advance: (ms: number) => (clock += ms) };
}

describe('CsrfTokenManager', () => {
  it('fetches nothing until a token is needed, then reuses it', async () => {
    const { m, fetchToken } = manager();
    expect(fetchToken).not.toHaveBeenCalled();
    await expect(m.getToken()).resolves.toBe('t1');
    await expect(m.getToken()).resolves.toBe('t1');
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('shares one fetch between concurrent callers', async () => {
    const { m, fetchToken } = manager();
    const [a, b] = await Promise.all([m.getToken(), m.getToken()]);
    expect([a, b]).toEqual(['t1', 't1']);
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('does not cache a token fetched before clear()', async () => {
    const { m } = manager();
    const pending = m.getToken();
    m.clear();
    await pending;
    expect(m.hasToken()).toBe(false);
  });

  it('refreshes a token in use every 5 minutes, and never fetches one that was never used', async () => {
    vi.useFakeTimers();
    const { m, fetchToken } = manager();
    m.start();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(fetchToken).not.toHaveBeenCalled();
    await m.getToken();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    await expect(m.getToken()).resolves.toBe('t2');
    m.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('refreshes after the tab was hidden for 5 minutes or more, not after shorter absences', async () => {
    vi.useFakeTimers();
    const { m, fetchToken, advance } = manager();
    const { doc, set, listeners } = fakeDocument();
    m.start(doc);
    await m.getToken();
    set('hidden');
    advance(299_000);
    set('visible');
    expect(fetchToken).toHaveBeenCalledTimes(1);
    set('hidden');
    advance(300_000);
    set('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    m.stop();
    expect(listeners.size).toBe(0);
  });

  it('drops the token when a background refresh fails, so the next call fetches again', async () => {
    vi.useFakeTimers();
    const fetchToken = vi
      .fn<() => Promise<{ token: string; expiresAt: number }>>()
      .mockResolvedValueOnce({ token: 'a', expiresAt: Date.now() + 3_600_000 })
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ token: 'b', expiresAt: Date.now() + 3_600_000 });
    const m = new CsrfTokenManager({ fetchToken });
    m.start();
    await m.getToken();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(m.hasToken()).toBe(false);
    await expect(m.getToken()).resolves.toBe('b');
    m.stop();
  });
});
