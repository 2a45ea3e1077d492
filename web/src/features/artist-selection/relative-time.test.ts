import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time.js';

describe('relative time', () => {
  const now = Date.parse('2024-06-01T12:00:00Z');
  it('says how long ago, in the largest whole unit', () => {
    expect(timeAgo(now - 20_000, now)).toBe('less than a minute ago');
    expect(timeAgo(now + 5_000, now)).toBe('less than a minute ago');
    expect(timeAgo(now - 60_000, now)).toBe('1 minute ago');
    expect(timeAgo(now - 59 * 60_000, now)).toBe('59 minutes ago');
    expect(timeAgo(now - 2 * 3600_000, now)).toBe('2 hours ago');
    expect(timeAgo(now - 24 * 3600_000, now)).toBe('1 day ago');
    expect(timeAgo(now - 15 * 24 * 3600_000, now)).toBe('2 weeks ago');
    expect(timeAgo(now - 65 * 24 * 3600_000, now)).toBe('2 months ago');
    expect(timeAgo(now - 800 * 24 * 3600_000, now)).toBe('2 years ago');
  });
});
