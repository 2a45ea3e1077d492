/** glibc's malloc settings of the stack's processes (malloc-tunables.mjs): variable and value. */
export const MALLOC_TUNABLES: Readonly<{ MALLOC_MMAP_THRESHOLD_: string; MALLOC_TRIM_THRESHOLD_: string }>;

/** `env` with each of MALLOC_TUNABLES set unless it has a value already. */
export function withMallocTunables<E extends Record<string, string | undefined>>(
  env: E,
): E & typeof MALLOC_TUNABLES;
