/**
 * Uniform choice of an unsold pixel in two steps: a board weighted by its unsold count, then a
 * uniform unsold pixel of that board. Pure functions; `r` is a uniform number in [0, 1).
 */

/** Index i with probability weights[i] / sum; -1 when every weight is 0. */
export function pickWeighted(weights: ArrayLike<number>, r: number): number {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += Math.max(0, weights[i] ?? 0);
  if (total <= 0) return -1;
  let target = Math.floor(r * total);
  for (let i = 0; i < weights.length; i++) {
    const w = Math.max(0, weights[i] ?? 0);
    if (target < w) return i;
    target -= w;
  }
  return -1; // unreachable for r in [0, 1)
}

/** A uniform element of `items`; undefined when empty. */
export function pickUniform<T>(items: readonly T[], r: number): T | undefined {
  if (items.length === 0) return undefined;
  return items[Math.min(items.length - 1, Math.floor(r * items.length))];
}
