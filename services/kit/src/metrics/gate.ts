/**
 * The load of the kit's AdmissionGates (load/admission-gate.ts), read at each scrape: works running
 * and waiting, the bounds, and callers refused. A gate is watched under a name (identity's password
 * hashing: `hashing`); watching another gate under the same name replaces it.
 */
import type { AdmissionGate } from '../load/admission-gate.js';
import { counter, gauge } from './registry.js';

const gates = new Map<string, { gate: AdmissionGate; counted: number }>();

export function watchGate(name: string, g: AdmissionGate): void {
  gates.set(name, { gate: g, counted: g.shed });
  counter('tessera_admission_refused_total', 'Callers an admission gate refused (busy)', ['gate'], (c) => {
    for (const [n, w] of gates) {
      c.inc({ gate: n }, Math.max(0, w.gate.shed - w.counted));
      w.counted = Math.max(w.counted, w.gate.shed);
    }
  });
  gauge('tessera_admission_running', 'Works an admission gate runs now', ['gate'], (m) => {
    for (const [n, w] of gates) m.set({ gate: n }, w.gate.load().running);
  });
  gauge('tessera_admission_waiting', 'Callers waiting in line at an admission gate', ['gate'], (m) => {
    for (const [n, w] of gates) m.set({ gate: n }, w.gate.load().waiting);
  });
  gauge(
    'tessera_admission_limit',
    'Bounds of an admission gate: running and waiting places',
    ['gate', 'bound'],
    (m) => {
      for (const [n, w] of gates) {
        m.set({ gate: n, bound: 'running' }, w.gate.limits.running);
        m.set({ gate: n, bound: 'waiting' }, w.gate.limits.waiting);
      }
    },
  );
}
