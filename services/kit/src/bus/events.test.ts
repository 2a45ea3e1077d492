import { decodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { describe, expect, it } from 'vitest';
import { recordSubjects } from '../testing/recorder.js';
import { createInProcessBus } from '@tessera/embedded';
import { publishEvent, publishEventBestEffort } from './events.js';
import { captureLogger } from './test/log-capture.js';

describe('publishEvent', () => {
  // the trace context is the traced bus's (telemetry/bus-tracing.test.ts)
  it('encodes the payload with its subject schema, under the id, with the headers given', async () => {
    const bus = createInProcessBus();
    const rec = await recordSubjects(bus, [SUBJECTS.canvasSoldOut]);
    await publishEvent(
      bus,
      SUBJECTS.canvasSoldOut,
      { canvasIndex: 3, atMs: 42 },
      { msgId: 'soldout-3', headers: { extra: 'x' } },
    );
    await rec.drained();
    const [msg] = rec.messages;
    expect(msg?.msgId).toBe('soldout-3');
    expect(decodeEvent(SUBJECTS.canvasSoldOut, msg!.data)).toMatchObject({ canvasIndex: 3, atMs: 42 });
    expect(msg?.headers['extra']).toBe('x');
    await bus.close();
  });

  it('throws a failed publish', async () => {
    const bus = createInProcessBus();
    await bus.close();
    await expect(
      publishEvent(bus, SUBJECTS.canvasSoldOut, { canvasIndex: 1 }, { msgId: 'soldout-1' }),
    ).rejects.toThrow();
  });
});

describe('publishEventBestEffort', () => {
  it('logs a failed publish as a warning, with the note and fields, and carries on', async () => {
    const bus = createInProcessBus();
    await bus.close();
    const log = captureLogger();
    const sent = await publishEventBestEffort(
      bus,
      SUBJECTS.sessionRevoked,
      { userId: 'u1', sessionIds: ['s1'] },
      {
        msgId: 'session-revoked:s1:1',
        logger: log.logger,
        note: 'the BFF check catches it',
        fields: { userId: 'u1' },
      },
    );
    expect(sent).toBe(false);
    const [line] = log.find('warn', { subject: SUBJECTS.sessionRevoked, msgId: 'session-revoked:s1:1' });
    expect(line?.msg).toBe('event not published; the BFF check catches it');
    expect(line?.['userId']).toBe('u1');
  });

  it('is true and logs nothing when the bus took the event', async () => {
    const bus = createInProcessBus();
    const log = captureLogger();
    const sent = await publishEventBestEffort(
      bus,
      SUBJECTS.canvasSoldOut,
      { canvasIndex: 2 },
      { msgId: 'soldout-2', logger: log.logger },
    );
    expect(sent).toBe(true);
    expect(log.lines.filter((l) => l.level === 'warn')).toEqual([]);
    await bus.close();
  });
});
