import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { trace } from '@opentelemetry/api';
import { node } from '@opentelemetry/sdk-node';
import { createLogger } from './logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  return { lines, destination };
}

describe('logger', () => {
  it('writes JSON with service, level label and the active trace and span ids', () => {
    new node.NodeTracerProvider().register();
    const { lines, destination } = capture();
    const log = createLogger('tessera-test', { destination });
    log.info('outside');
    trace.getTracer('t').startActiveSpan('work', (span) => {
      log.info({ board: 3 }, 'inside');
      expect(lines[1]).toMatchObject({
        service: 'tessera-test',
        level: 'info',
        msg: 'inside',
        board: 3,
        trace_id: span.spanContext().traceId,
        span_id: span.spanContext().spanId,
      });
      span.end();
    });
    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(typeof lines[0]?.time).toBe('string');
  });

  it('redacts secrets', () => {
    const { lines, destination } = capture();
    const log = createLogger('tessera-test', { destination });
    log.info(
      {
        password: 'hunter2',
        body: { password: 'x', newPassword: 'y' },
        headers: { authorization: 'Bearer t' },
      },
      'login',
    );
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('Bearer t');
    expect(text).toContain('[redacted]');
  });
});

describe('buffered logger', () => {
  it('writes every line, also when the process exits right after logging', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const loader = path.join(here, '..', 'docstore', 'test', 'ts-loader.mjs');
    const writer = path.join(here, 'test', 'buffered-writer.ts');
    const LINES = 20_000;
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', loader, writer, String(LINES)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (text += c));
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}`))));
    });
    const lines = out.split('\n').filter(Boolean);
    expect(lines).toHaveLength(LINES);
    expect(JSON.parse(lines[LINES - 1]!)).toMatchObject({ i: LINES - 1, msg: 'request' });
  }, 30_000);
});
