// Shared pieces of the k6 scripts' `options`: the ramp every load scenario follows (up over 20 s,
// held for DURATION, down again) and the open-model and closed-model scenarios built on it.

/**
 * Stages that ramp to `target`, hold it for `duration` and ramp down to 0 over `rampDown`.
 * @param {number} target
 * @param {string} duration
 * @param {string} [rampDown]
 * @returns {{ duration: string; target: number }[]}
 */
export function rampStages(target, duration, rampDown = '20s') {
  return [
    { duration: '20s', target },
    { duration, target },
    { duration: rampDown, target: 0 },
  ];
}

/**
 * An open-model scenario: `rate` iterations a second on the ramp of `rampStages`, with VUs allocated
 * up front and at the most.
 * @param {number} rate
 * @param {string} duration
 * @param {{ preAllocatedVUs: number; maxVUs: number }} vus
 * @returns {import('k6/options').Scenario}
 */
export function rampingArrival(rate, duration, vus) {
  return {
    executor: 'ramping-arrival-rate',
    startRate: 0,
    timeUnit: '1s',
    ...vus,
    stages: rampStages(rate, duration),
  };
}

/**
 * A closed-model scenario: `vus` virtual users on the ramp of `rampStages`, each given 30 s to finish
 * its iteration when the ramp goes down.
 * @param {number} vus
 * @param {string} duration
 * @param {string} [rampDown]
 * @returns {import('k6/options').Scenario}
 */
export function rampingVus(vus, duration, rampDown) {
  return {
    executor: 'ramping-vus',
    startVUs: 0,
    stages: rampStages(vus, duration, rampDown),
    gracefulRampDown: '30s',
  };
}
