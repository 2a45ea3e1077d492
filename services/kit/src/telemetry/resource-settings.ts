/**
 * What the tracing SDK of a process is told by its environment, read and checked once at start:
 * - the sampler, from the standard OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG (default
 *   `parentbased_always_on`; the chart sets `parentbased_traceidratio` with `telemetry.sampleRatio`).
 *   A parent-based sampler follows a caller that recorded its span (sampled flag 01), so one
 *   action's trace is kept whole. A remote caller that recorded nothing (flag 00) does not veto: the
 *   process's own sampler decides, on the trace id. That is the web app's case: it sends one
 *   `traceparent` per user action with flag 00 (web/src/api/user-action.ts), and the BFF's ratio
 *   decides, the same way for every request of the action since the ratio sampler looks only at the
 *   trace id. Between Tessera's processes (same setting everywhere) the decision is the same as the
 *   caller's: a process that dropped a trace by ratio calls the next with 00, and the next drops it
 *   too. A value the SDK would silently
 *   replace by always-on stops the process instead, naming the variable;
 * - `service.version`: TESSERA_VERSION (the chart sets the image tag) or else the version of the
 *   process's own package.json (the package beside its `dist/main.js`, which every image holds).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-base';

export const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type SamplerName = (typeof SAMPLERS)[number];

export interface SamplerSetting {
  name: SamplerName;
  /** The ratio of the `traceidratio` samplers (0 to 1; 1 when OTEL_TRACES_SAMPLER_ARG is unset). */
  ratio: number;
}

/** Reads the sampler setting; throws an Error naming the variable on a bad value. */
export function readSamplerSetting(env: NodeJS.ProcessEnv): SamplerSetting {
  const raw = (env.OTEL_TRACES_SAMPLER ?? '').trim();
  const name = (raw === '' ? 'parentbased_always_on' : raw) as SamplerName;
  if (!SAMPLERS.includes(name))
    throw new Error(`OTEL_TRACES_SAMPLER must be one of ${SAMPLERS.join(', ')} (got '${raw}')`);
  const arg = (env.OTEL_TRACES_SAMPLER_ARG ?? '').trim();
  if (!name.endsWith('traceidratio') || arg === '') return { name, ratio: 1 };
  const ratio = Number(arg);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1)
    throw new Error(`OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1 (got '${arg}')`);
  return { name, ratio };
}

/** The SDK sampler of a setting. */
export function samplerOf(setting: SamplerSetting): Sampler {
  const root = (base: string): Sampler =>
    base === 'always_on'
      ? new AlwaysOnSampler()
      : base === 'always_off'
        ? new AlwaysOffSampler()
        : new TraceIdRatioBasedSampler(setting.ratio);
  if (setting.name.startsWith('parentbased_')) {
    const own = root(setting.name.slice('parentbased_'.length));
    // a remote parent that recorded nothing (flags 00: the web app, which records no spans) leaves
    // the decision to this process's own sampler, on the trace id (see the header comment)
    return new ParentBasedSampler({ root: own, remoteParentNotSampled: own });
  }
  return root(setting.name);
}

/**
 * The `service.version` of a process: TESSERA_VERSION when set, else the version of the
 * package.json beside the `dist/` folder of `main` (services/<name>/package.json), else `unknown`.
 */
export function serviceVersion(
  env: NodeJS.ProcessEnv,
  main: string | undefined,
  read: (file: string) => string = (f) => readFileSync(f, 'utf8'),
): string {
  const fromEnv = env.TESSERA_VERSION?.trim();
  if (fromEnv) return fromEnv;
  if (!main || path.basename(path.dirname(main)) !== 'dist') return 'unknown';
  try {
    const pkg: unknown = JSON.parse(read(path.join(path.dirname(main), '..', 'package.json')));
    const version = (pkg as { version?: unknown }).version;
    return typeof version === 'string' && version !== '' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}
