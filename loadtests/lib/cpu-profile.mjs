// CPU profiles of the stack's processes per bench phase (BENCH_CPU_PROF=<folder>): the runner starts
// every process with `--import` of this file (through NODE_OPTIONS, where --cpu-prof is not allowed),
// writes the wanted state to `<folder>/state` and sends SIGUSR2 at the start and the end of each
// phase; the end writes
// `<folder>/<process>-<phase>.cpuprofile` (open it in Chrome DevTools, or summarise it with
// `node loadtests/lib/profile-summary.mjs <file>`). Does nothing without BENCH_CPU_PROF.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROF;
const main = (process.argv[1] ?? '').replaceAll('\\', '/');
const m = /(?:services\/([a-z]+)|(bff))\/dist\/main\.js$/.exec(main);
const name = m ? (m[1] ?? m[2]) : undefined;

if (dir && name) {
  /** @type {{ session: inspector.Session, label: string } | undefined} */
  let running;
  const stop = () => {
    const r = running;
    if (!r) return;
    running = undefined;
    r.session.post('Profiler.stop', (err, res) => {
      if (!err)
        fs.writeFileSync(path.join(dir, `${name}-${r.label}.cpuprofile`), JSON.stringify(res.profile));
      r.session.disconnect();
    });
  };
  // The wanted state is in <dir>/state ("run <label>" or "stop"); a signal says "look again", so two
  // signals merged into one by the kernel still end in the last state written.
  process.on('SIGUSR2', () => {
    let state = 'stop';
    try {
      state = fs.readFileSync(path.join(dir, 'state'), 'utf8').trim();
    } catch {
      // nothing written yet
    }
    const m = /^run (.+)$/.exec(state);
    const label = m?.[1]?.replace(/[^\w.-]+/g, '-');
    if (running && running.label === label) return;
    stop();
    if (!label) return;
    const session = new inspector.Session();
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 250 });
    session.post('Profiler.start');
    running = { session, label };
  });
}
