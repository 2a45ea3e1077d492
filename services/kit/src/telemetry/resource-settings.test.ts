import { context, trace, TraceFlags, ROOT_CONTEXT } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { readSamplerSetting, samplerOf, serviceVersion } from './resource-settings.js';

const ROOT_TRACE = '0af7651916cd43dd8448eb211c80319c'; // its low 8 bytes are high: a ratio of 0.1 drops it

function decide(env: NodeJS.ProcessEnv, parentSampled?: boolean) {
  const sampler = samplerOf(readSamplerSetting(env));
  const ctx =
    parentSampled === undefined
      ? ROOT_CONTEXT
      : trace.setSpanContext(context.active(), {
          traceId: ROOT_TRACE,
          spanId: 'b7ad6b7169203331',
          traceFlags: parentSampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
          isRemote: true,
        });
  return sampler.shouldSample(ctx, ROOT_TRACE, 'span', 0, {}, []).decision;
}

describe('readSamplerSetting', () => {
  it('defaults to parent-based always-on', () => {
    expect(readSamplerSetting({})).toEqual({ name: 'parentbased_always_on', ratio: 1 });
    expect(decide({})).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide({}, true)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    // a caller that recorded nothing (the web app's flag 00) leaves the decision to this process
    expect(decide({}, false)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' }, false)).toBe(
      SamplingDecision.NOT_RECORD,
    );
  });

  it('takes the ratio from OTEL_TRACES_SAMPLER_ARG, and follows a parent whatever the ratio', () => {
    const env = { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' };
    expect(readSamplerSetting(env)).toEqual({ name: 'parentbased_traceidratio', ratio: 0.1 });
    expect(decide(env)).toBe(SamplingDecision.NOT_RECORD);
    expect(decide(env, true)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide({ ...env, OTEL_TRACES_SAMPLER_ARG: '1' })).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide({ ...env, OTEL_TRACES_SAMPLER_ARG: '0' })).toBe(SamplingDecision.NOT_RECORD);
    // a caller with flag 00: the ratio decides on the trace id, as for a root
    expect(decide(env, false)).toBe(SamplingDecision.NOT_RECORD);
    expect(decide({ ...env, OTEL_TRACES_SAMPLER_ARG: '1' }, false)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it('refuses a sampler or ratio the SDK would silently replace, naming the variable', () => {
    expect(() => readSamplerSetting({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(
      "OTEL_TRACES_SAMPLER must be one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio (got 'sometimes')",
    );
    for (const arg of ['1.5', '-0.1', 'half'])
      expect(() =>
        readSamplerSetting({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: arg }),
      ).toThrow(`OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1 (got '${arg}')`);
  });
});

describe('serviceVersion', () => {
  const read = (file: string) => {
    if (file === '/app/services/payment/package.json') return '{"name":"@tessera/payment","version":"1.4.2"}';
    throw new Error('ENOENT');
  };

  it('is TESSERA_VERSION when set', () => {
    expect(
      serviceVersion({ TESSERA_VERSION: 'sha-1a2b3c' }, '/app/services/payment/dist/main.js', read),
    ).toBe('sha-1a2b3c');
  });

  it("else the version of the process's package.json", () => {
    expect(serviceVersion({}, '/app/services/payment/dist/main.js', read)).toBe('1.4.2');
  });

  it('else unknown', () => {
    expect(serviceVersion({}, '/app/services/lock/dist/main.js', read)).toBe('unknown');
    expect(serviceVersion({}, '/usr/bin/vitest', read)).toBe('unknown');
    expect(serviceVersion({}, undefined, read)).toBe('unknown');
  });
});
