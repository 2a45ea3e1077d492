/**
 * Receipts by e-mail: a paid order's `tessera.payment.succeeded` mails its buyer one receipt
 * (pixels, amounts, tax, date, the link to My pixels), however often the event is delivered; a
 * failed send is retried by the redelivery; a refund mails one notice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { REFUND_REASONS } from '@tessera/facts/payments';
import { publishEvent, type BusMessage } from '@tessera/kit';
import { eventually, forSuite } from '@tessera/kit/testing';
import { newAccount, startHarness } from '../test/harness.js';
import type { MailMessage } from './ports.js';
import type { ReceiptDoc } from '../domain/documents.js';

const h = forSuite(() => startHarness({ env: { PUBLIC_URL: 'https://tessera.example/' } }));

let email = '';
let userId = '';
beforeAll(async () => {
  const a = newAccount('buyer');
  const { session } = await h.client.register(a);
  email = a.email;
  userId = session!.user!.id;
});

const paid = (intentId: string) => ({
  intentId,
  userId,
  amountCents: 535,
  canvasIndex: 3,
  boardIndex: 26, // row 1, column 1: its pixel (2, 0) is (51, 49) on the canvas
  atMs: Date.UTC(2026, 10, 29, 8, 30),
  pixels: [
    { x: 2, y: 0, color: '#FF0000' },
    { x: 3, y: 0, color: '#123456' },
  ],
  subtotalCents: 300,
  serviceFeeCents: 39,
  taxCents: 196,
  taxJurisdiction: 'CA',
  currency: 'usd',
});

let seq = 0;
const delivery = (subject: BusMessage['subject'], data: Uint8Array): BusMessage => ({
  seq: ++seq,
  subject,
  msgId: `m${seq}`,
  data,
  headers: {},
  timestampMs: Date.now(),
  deliveryCount: 1,
});
const receiptsTo = (to: string, order: string) =>
  (h.outbox?.messages ?? []).filter((m) => m.to === to && m.text.includes(`Order: ${order}`));

describe('receipts', () => {
  it('mails one receipt per paid order, with its pixels, amounts, tax, date and link', async () => {
    await publishEvent(h.bus, SUBJECTS.paymentSucceeded, paid('pi_receipt1'), {
      msgId: 'payment-succeeded-pi_receipt1',
    });
    const mail = await eventually(() => receiptsTo(email, 'pi_receipt1')[0], 5000);
    expect(mail.subject).toBe('Your Tessera receipt: 2 pixels, $5.35');
    expect(mail.text).toContain('Canvas 3, board 26: 2 pixels');
    expect(mail.text).toContain('(51, 49) #FF0000');
    expect(mail.text).toContain('(52, 49) #123456');
    expect(mail.text).toContain('Pixels: $3.00');
    expect(mail.text).toContain('Service fee: $0.39');
    expect(mail.text).toContain('Tax (CA): $1.96');
    expect(mail.text).toContain('Total paid: $5.35');
    expect(mail.text).toContain('Date: 2026-11-29 08:30 UTC');
    expect(mail.text).toContain('See your pixels: https://tessera.example/my-pixels');
  });

  it('sends once however often the event is delivered (again, later, or twice at once)', async () => {
    const r = h.identity.receipts;
    // the bus delivers it; then a redelivery, and a copy published again after the bus's duplicate
    // window (a new message id, the same order)
    await publishEvent(h.bus, SUBJECTS.paymentSucceeded, paid('pi_receipt2'), {
      msgId: 'payment-succeeded-pi_receipt2',
    });
    const receipts = await h.store.collection<ReceiptDoc>('receipts');
    await eventually(
      async () => (await receipts.findOne({ _id: 'receipt:pi_receipt2' }))?.sentAt ?? null,
      5000,
    );
    const data = encodeEvent(SUBJECTS.paymentSucceeded, paid('pi_receipt2'));
    expect(await r.on(delivery(SUBJECTS.paymentSucceeded, data))).toBe('already_sent');
    expect(await r.on(delivery(SUBJECTS.paymentSucceeded, data))).toBe('already_sent');
    // two deliveries at once: one sends, the other finds it claimed (refused: redelivered later) or sent
    const third = () =>
      delivery(SUBJECTS.paymentSucceeded, encodeEvent(SUBJECTS.paymentSucceeded, paid('pi_receipt3')));
    const both = await Promise.allSettled([r.on(third()), r.on(third())]);
    expect(both.filter((s) => s.status === 'fulfilled' && s.value === 'sent')).toHaveLength(1);
    expect(await r.on(third())).toBe('already_sent');
    expect(receiptsTo(email, 'pi_receipt2')).toHaveLength(1);
    expect(receiptsTo(email, 'pi_receipt3')).toHaveLength(1);
  });

  it('mails one refund notice per refunded order', async () => {
    const refunded = {
      intentId: 'pi_refund1',
      userId,
      amountCents: 474,
      reason: REFUND_REASONS.pixelsSold,
      atMs: Date.UTC(2026, 10, 29, 9),
      canvasIndex: 3,
      boardIndex: 4,
      pixelCount: 3,
    };
    const data = encodeEvent(SUBJECTS.paymentRefunded, refunded);
    expect(await h.identity.receipts.on(delivery(SUBJECTS.paymentRefunded, data))).toBe('sent');
    expect(await h.identity.receipts.on(delivery(SUBJECTS.paymentRefunded, data))).toBe('already_sent');
    const notices = (h.outbox?.messages ?? []).filter(
      (m) => m.to === email && m.text.includes('Order: pi_refund1'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Your Tessera payment of $4.74 was refunded');
    expect(notices[0]!.text).toMatch(
      /refunded your payment of \$4\.74 in full\.\nSome of these pixels were sold/,
    );
  });
});

describe('a failed send', () => {
  const sent: MailMessage[] = [];
  let fail = true;
  const f = forSuite(() =>
    startHarness({
      mailer: {
        kind: 'outbox',
        send: (m) => {
          if (fail) return Promise.reject(new Error('smtp down'));
          sent.push(m);
          return Promise.resolve();
        },
        close: () => Promise.resolve(),
      },
    }),
  );

  it('gives the receipt back, so the redelivery sends it (once)', async () => {
    const a = newAccount('buyer');
    const { session } = await f.client.register(a);
    const data = encodeEvent(SUBJECTS.paymentSucceeded, { ...paid('pi_fail1'), userId: session!.user!.id });
    await expect(f.identity.receipts.on(delivery(SUBJECTS.paymentSucceeded, data))).rejects.toThrow(
      'smtp down',
    );
    fail = false;
    expect(await f.identity.receipts.on(delivery(SUBJECTS.paymentSucceeded, data))).toBe('sent');
    expect(await f.identity.receipts.on(delivery(SUBJECTS.paymentSucceeded, data))).toBe('already_sent');
    expect(sent.filter((m) => m.to === a.email)).toHaveLength(1);
  });
});
