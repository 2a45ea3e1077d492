/**
 * Must show (issue 9, bus permissions on real NATS): a nats-server of its own (JetStream, file
 * storage in a temporary folder) runs the `authorization` block generated from EVENT_PERMISSIONS
 * (services/kit/src/bus/nats-permissions.ts): the Helm chart's file itself, with each password in
 * the server's environment as the chart's NATS pod gets it. Every process connects as its own NATS user through the kit's NATS adapter: what its
 * permissions allow works (publish, durable consume, fan-out subscribe), what they do not is refused
 * by the server with a permissions violation and leaves nothing in the stream: publishing another
 * process's subject (what a JetStream publish without permission does is printed), creating a
 * consumer outside its subjects, subscribing to another process's subject or inbox, a wrong password.
 * The shared NATS at 127.0.0.1:4222 is not touched.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, ErrorCode, Events, NatsError, type NatsConnection } from 'nats';
import { SUBJECTS } from '@tessera/facts/subjects';
import {
  consumerFilters,
  EVENT_PROCESSES,
  generateNatsPassword,
  natsAuthorization,
  natsInboxPrefix,
  natsPasswordVariable,
  type BusMessage,
  type EventBus,
  type EventProcess,
} from '@tessera/kit';
import { NatsBus } from '@tessera/kit/nats';
import { closedPort, eventually, sleep, tempDir, testLogger } from '@tessera/kit/testing';

const NATS_SERVER = '/usr/sbin/nats-server';
const HAS_NATS = fs.existsSync(NATS_SERVER) && spawnSync(NATS_SERVER, ['--version']).status === 0;
const logger = testLogger('nats-permissions');
const data = (s: string) => new TextEncoder().encode(s);

describe.skipIf(!HAS_NATS)('NATS users generated from the event permissions', () => {
  const passwords = Object.fromEntries(EVENT_PROCESSES.map((p) => [p, generateNatsPassword()])) as Record<
    EventProcess,
    string
  >;
  let tmp: ReturnType<typeof tempDir>;
  let server: ChildProcess;
  let url = '';
  const buses = new Map<EventProcess, NatsBus>();
  const raw: NatsConnection[] = [];

  const bus = async (p: EventProcess): Promise<NatsBus> => {
    let b = buses.get(p);
    if (!b) {
      b = await NatsBus.connect({
        url,
        logger,
        name: `tessera-${p}`,
        user: p,
        password: passwords[p],
        inboxPrefix: natsInboxPrefix(p),
        connectTimeoutMs: 20_000,
        publishDeadlineMs: 5_000,
      });
      buses.set(p, b);
    }
    return b;
  };
  const rawAs = async (p: EventProcess) => {
    const nc = await connect({ servers: url, user: p, pass: passwords[p], inboxPrefix: natsInboxPrefix(p) });
    raw.push(nc);
    return nc;
  };
  const lastSeq = async () => (await bus('bff')).lastSeq();

  beforeAll(async () => {
    tmp = tempDir('tessera-nats-perm-');
    const conf = path.join(tmp.dir, 'nats.conf');
    // the chart's own file (helm/tessera/files/nats-authorization.conf): passwords from the environment
    fs.writeFileSync(conf, natsAuthorization({ passwords: 'env' }));
    // nats-server says when it listens; a port taken meanwhile by another process: another port
    const env = {
      PATH: process.env.PATH,
      ...Object.fromEntries(EVENT_PROCESSES.map((p) => [natsPasswordVariable(p), passwords[p]])),
    };
    let output = '';
    for (let attempt = 0; attempt < 3 && !url; attempt++) {
      const port = await closedPort();
      const child = spawn(
        NATS_SERVER,
        ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', path.join(tmp.dir, 'js'), '-c', conf],
        { stdio: ['ignore', 'ignore', 'pipe'], env },
      );
      const ready = await new Promise<boolean>((resolve) => {
        child.stderr!.on('data', (d: Buffer) => {
          output += d.toString('utf8');
          if (output.includes('Server is ready')) resolve(true);
        });
        child.once('exit', () => resolve(false));
      });
      if (ready) {
        server = child;
        url = `nats://127.0.0.1:${port}`;
      }
    }
    if (!url) throw new Error(`nats-server did not start:\n${output}`);
    // the publisher connects first: the stream exists from then on (any process may create it)
    await bus('canvas');
  }, 60_000);

  afterAll(async () => {
    for (const b of buses.values()) await b.close();
    for (const nc of raw) await nc.close().catch(() => undefined);
    server?.kill('SIGTERM');
    await new Promise((r) => (server?.exitCode !== null ? r(undefined) : server.once('exit', r)));
    tmp?.cleanup();
  });

  it('every process of the table connects as its own user and opens the bus', async () => {
    for (const p of EVENT_PROCESSES) expect(await (await bus(p)).lastSeq()).toBeGreaterThanOrEqual(0);
    await expect(
      NatsBus.connect({ url, logger, user: 'canvas', password: 'wrong', connectTimeoutMs: 3000 }),
    ).rejects.toThrow(/Authorization Violation/i);
    await expect(NatsBus.connect({ url, logger, connectTimeoutMs: 3000 })).rejects.toThrow(
      /Authorization Violation/i,
    );
  });

  it('allowed: publishes, a durable consumer and a fan-out subscription of several subjects', async () => {
    const renderer = await bus('renderer');
    const durable: BusMessage[] = [];
    const sub = await renderer.consume({
      durable: 'renderer-perm-test',
      // the renderer's real consumer: commits and moderation resets together, in stream order
      subjects: [SUBJECTS.pixelsCommitted, SUBJECTS.pixelsReset],
      handler: async (m) => void durable.push(m),
    });
    const bff = await bus('bff');
    const live: BusMessage[] = [];
    const fanout = await bff.subscribe({
      subjects: [SUBJECTS.pixelsCommitted, 'tessera.lock.*', SUBJECTS.canvasActivated],
      handler: (m) => void live.push(m),
    });
    const activations: BusMessage[] = [];
    const rendererFanout = await renderer.subscribe({
      subjects: [SUBJECTS.canvasActivated],
      handler: (m) => void activations.push(m),
    });
    await (await bus('canvas')).publish(SUBJECTS.pixelsCommitted, data('p'), { msgId: 'ok-1' });
    await (await bus('lock')).publish(SUBJECTS.lockAcquired, data('l'), { msgId: 'ok-2' });
    await (await bus('canvas')).publish(SUBJECTS.canvasActivated, data('a'), { msgId: 'ok-3' });
    await (await bus('canvas')).publish(SUBJECTS.pixelsReset, data('r'), { msgId: 'ok-6' });
    await (await bus('payment')).publish(SUBJECTS.paymentSucceeded, data('$'), { msgId: 'ok-4' });
    await (await bus('submission')).publish(SUBJECTS.submissionVoted, data('v'), { msgId: 'ok-5' });
    await eventually(() => durable.length === 2 && live.length === 3 && activations.length === 1, 15_000);
    expect(durable.map((m) => m.subject)).toEqual([SUBJECTS.pixelsCommitted, SUBJECTS.pixelsReset]);
    expect(live.map((m) => m.subject)).toEqual([
      SUBJECTS.pixelsCommitted,
      SUBJECTS.lockAcquired,
      SUBJECTS.canvasActivated,
    ]);
    await sub.stop();
    await fanout.stop();
    await rendererFanout.stop();
  });

  it('refused: publishing another process subject, with a permissions violation and nothing stored', async () => {
    const before = await lastSeq();
    const cases: [EventProcess, string][] = [
      ['canvas', SUBJECTS.paymentSucceeded],
      ['bff', SUBJECTS.pixelsCommitted],
      ['renderer', SUBJECTS.canvasActivated],
      ['identity', SUBJECTS.lockAcquired],
      ['submission', SUBJECTS.pixelsReset],
    ];
    for (const [p, subject] of cases) {
      const started = Date.now();
      const err = await (await bus(p)).publish(subject, data('forged'), { msgId: `forged-${p}` }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, `${p} publishing ${subject}`).toBeInstanceOf(NatsError);
      expect((err as NatsError).code).toBe(ErrorCode.PermissionsViolation);
      console.log(
        `JetStream publish by ${p} to ${subject} without permission: rejected after ${Date.now() - started} ms with ${(err as NatsError).code}: ${(err as NatsError).message}`,
      );
    }
    // a core publish (no ack asked) is dropped by the server as well
    const nc = await rawAs('bff');
    const violations: string[] = [];
    void (async () => {
      for await (const s of nc.status())
        if (s.type === Events.Error && s.data === ErrorCode.PermissionsViolation)
          violations.push(
            (s as { permissionContext?: { subject: string } }).permissionContext?.subject ?? '',
          );
    })();
    nc.publish(SUBJECTS.pixelsCommitted, data('forged core'));
    await nc.flush();
    await eventually(() => violations.includes(SUBJECTS.pixelsCommitted));
    expect(await lastSeq()).toBe(before);
  });

  it('refused: reading outside the process subjects (consumers, subscriptions, other inboxes)', async () => {
    const expectViolation = async (what: string, p: Promise<unknown>) => {
      const err = await p.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, what).toBeInstanceOf(NatsError);
      expect((err as NatsError).code, what).toBe(ErrorCode.PermissionsViolation);
    };
    const renderer: EventBus = await bus('renderer');
    await expectViolation(
      'renderer consuming payment events',
      renderer.consume({
        durable: 'renderer-pay',
        subjects: [SUBJECTS.paymentSucceeded],
        handler: async () => undefined,
      }),
    );
    await expectViolation(
      'renderer reading every subject',
      renderer.subscribe({ subjects: ['tessera.>'], handler: () => undefined }),
    );
    await expectViolation(
      'payment reading pixels',
      (await bus('payment')).consume({
        durable: 'pay-px',
        subjects: [SUBJECTS.pixelsCommitted],
        handler: async () => undefined,
      }),
    );
    await expectViolation(
      'submission reading lock events',
      (await bus('submission')).subscribe({ subjects: ['tessera.lock.*'], handler: () => undefined }),
    );
    // The widenings (nats-permissions.ts, COMBINED_READS): the BFF's live stream reads its subjects
    // through one consumer, whose single filter on nats-server 2.9 is their covering pattern; the
    // renderer reads commits and resets together (the pixel subjects, nothing else).
    expect(consumerFilters('bff')).toContain('tessera.>');
    expect(consumerFilters('renderer')).toContain('tessera.pixels.>');
    expect(consumerFilters('renderer')).not.toContain('tessera.>');
    // core subscriptions: another process's subject, and everybody's inboxes
    for (const [p, subject] of [
      ['canvas', SUBJECTS.paymentSucceeded],
      ['renderer', '_INBOX.>'],
      ['renderer', `${natsInboxPrefix('bff')}.>`],
    ] as [EventProcess, string][]) {
      const nc = await rawAs(p);
      const sub = nc.subscribe(subject);
      // the server refuses the subscription: the iterator ends with its error (bounded against a hang)
      const ended = await Promise.race([
        (async () => {
          try {
            for await (const _ of sub) return 'got a message';
            return 'ended without an error';
          } catch (err) {
            return err;
          }
        })(),
        sleep(10_000).then(() => 'still open'),
      ]);
      expect(ended, `${p} subscribing ${subject}`).toBeInstanceOf(NatsError);
      expect((ended as NatsError).code).toBe(ErrorCode.PermissionsViolation);
    }
  });
});
