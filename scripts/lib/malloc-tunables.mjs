// glibc's malloc settings for the stack's processes (issue 25: memory at rest after the soak).
//
// By default glibc raises its mmap threshold to the size of the largest block it has freed (up to
// 32 MB) and its trim threshold to twice that, so after the first large buffers (a board's JSON, a
// compressor's state) every thread's arena keeps up to 64 MB of freed memory instead of returning
// it. Fixed thresholds turn that off: a block of 128 KiB or more is mapped and unmapped on its own,
// and an arena gives back the free memory at its top above 2 MiB. Measured with 6-minute soaks
// (loadtests/README.md): about 65 MB less resident memory under load and at rest.
//
// The trim threshold was 128 KiB at first. Then every arena gave its top back and took it again many
// times a second under load: in alternating purchase benches (2026-11-30, loadtests/README.md,
// "malloc's trim threshold") 1.20 to 1.22 million minor page faults and 16.4 to 18.0 s of system
// CPU per run against 0.96 to 0.99 million and 13.6 to 15.3 s at 2 MiB. (The stack CPU per order
// looked a fifth lower in the runs side by side, but later runs at 2 MiB spread as widely as the
// machine does.) An arena now keeps at most 2 MiB of free top.
//
// glibc reads these variables (mallopt(3)) when a process starts, so the one process of `npm start`
// gets them from package.json's start script (`${MALLOC_MMAP_THRESHOLD_:-...}`: a value set by the
// caller wins), the launcher of the tests and benchmarks from `withMallocTunables`, and every process
// start.mjs starts inherits them. Other C libraries (musl, macOS) ignore them.
/** The variables and their values. */
export const MALLOC_TUNABLES = Object.freeze({
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '2097152',
});

/**
 * `env` with each of MALLOC_TUNABLES set unless it has a value already.
 * @template {Record<string, string | undefined>} E
 * @param {E} env
 * @returns {E & typeof MALLOC_TUNABLES}
 */
export function withMallocTunables(env) {
  /** @type {Record<string, string | undefined>} */
  const out = { ...env };
  for (const [name, value] of Object.entries(MALLOC_TUNABLES)) out[name] ||= value;
  return /** @type {E & typeof MALLOC_TUNABLES} */ (out);
}
