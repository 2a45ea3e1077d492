// A submission's creation time relative to now, in the form "... ago" ("5 minutes ago").

const UNITS: ReadonlyArray<[string, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** "less than a minute ago", "1 minute ago", "3 hours ago", "2 days ago", "1 year ago". */
export function timeAgo(thenMs: number, nowMs: number): string {
  const elapsed = Math.max(0, nowMs - thenMs);
  for (const [unit, size] of UNITS) {
    const n = Math.floor(elapsed / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return 'less than a minute ago';
}
