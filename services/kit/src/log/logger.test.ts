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
  const here = path.dirname(fileURLToPath(import.meta.url));
  const loader = path.join(here, '..', 'testing', 'ts-loader.mjs');
  const writer = path.join(here, 'test', 'buffered-writer.ts');

  /** Runs the writer; resolves with its stdout once `until(stdout)` holds or it exited. */
  function runWriter(lines: number, mode: 'exit' | 'stay', until: (out: string) => boolean) {
    return new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', loader, writer, String(lines), mode], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      // a bound, not a timing: a writer that never shows its lines is stopped and the test fails on them
      const bound = setTimeout(() => child.kill('SIGKILL'), 10_000);
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        text += c;
        if (mode === 'stay' && until(text)) child.kill('SIGKILL');
      });
      child.once('error', reject);
      child.once('close', () => {
        clearTimeout(bound);
        resolve(text);
      });
    });
  }
  const linesOf = (out: string) => out.split('\n').filter(Boolean);

  it('writes every line, also when the process exits right after logging', async () => {
    const LINES = 20_000;
    const lines = linesOf(await runWriter(LINES, 'exit', () => false));
    expect(lines).toHaveLength(LINES);
    expect(JSON.parse(lines[LINES - 1]!)).toMatchObject({ i: LINES - 1, msg: 'request' });
  }, 30_000);

  it('does not hold a line back when nothing else is logged', async () => {
    // 3 short lines stay far under the 4 KiB it gathers: only the periodic flush writes them
    const out = await runWriter(3, 'stay', (text) => linesOf(text).length === 3);
    expect(linesOf(out).map((l) => (JSON.parse(l) as { i: number }).i)).toEqual([0, 1, 2]);
  }, 30_000);
});
