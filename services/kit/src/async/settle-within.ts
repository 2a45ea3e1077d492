/**
 * "Wait for this, but at most N ms": shutdown waits (running handlers, the telemetry flush, calls
 * draining) and a caller waiting for another's work. The promise's outcome is not passed on: only
 * whether it settled in time.
 */

/**
 * Resolves true once `promise` has settled (resolved or rejected), or false once `ms` have passed
 * first. Its timer never keeps the process alive and is cleared as soon as the promise settles.
 */
export async function settleWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
    timer.unref();
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
