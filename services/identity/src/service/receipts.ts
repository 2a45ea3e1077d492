/**
 * Receipts by e-mail (issue 24): identity consumes payment's `tessera.payment.succeeded` and
 * `tessera.payment.refunded` (a durable consumer; the events carry the order's pixels and amounts)
 * and mails the buyer a receipt, or a refund notice, through the one mailer (SMTP, or the
 * development outbox).
 *
 * Once per order and kind, however often the event is delivered (a redelivery, the payment service
 * publishing again after the bus's duplicate window, a second replica): a record in `receipts`,
 * keyed `<kind>:<order id>`, is claimed (an insert on the unique `_id`) before the mail goes out
 * and marked sent after it. A delivery that finds it sent does nothing; one that finds another's
 * live claim is refused (redelivered later, by when the mail is sent or the claim expired); a failed
 * send gives the claim back and is redelivered. Only a process dying between the send and the mark
 * can send a second mail, after the claim expired.
 */
import { decodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { insertIfAbsent, type BusMessage, type Collection, type Logger } from '@tessera/kit';
import type { ReceiptDoc, UserDoc } from '../domain/documents.js';
import { receiptMail, refundMail, type Mail } from '../domain/receipts.js';
import type { Clock, Mailer } from './ports.js';

/** How long a delivery holds an order's receipt while it sends it. */
export const RECEIPT_CLAIM_MS = 60_000;

export type ReceiptOutcome = 'sent' | 'already_sent' | 'no_account';

export class Receipts {
  constructor(
    private readonly deps: {
      receipts: Collection<ReceiptDoc>;
      users: Collection<UserDoc>;
      mailer: Mailer;
      clock: Clock;
      logger: Logger;
      /** The web app's public origin, for the link to My pixels. */
      publicUrl: string;
    },
  ) {}

  /** Handler of both subjects (throws to be redelivered). */
  on(msg: BusMessage): Promise<ReceiptOutcome> {
    return msg.subject === SUBJECTS.paymentRefunded ? this.onRefunded(msg) : this.onSucceeded(msg);
  }

  /** Handler of `tessera.payment.succeeded`. */
  async onSucceeded(msg: BusMessage): Promise<ReceiptOutcome> {
    const e = decodeEvent(SUBJECTS.paymentSucceeded, msg.data);
    return this.sendOnce(`receipt:${e.intentId}`, e.userId, () =>
      receiptMail(
        {
          intentId: e.intentId,
          canvasIndex: e.canvasIndex,
          boardIndex: e.boardIndex,
          pixels: e.pixels,
          subtotalCents: e.subtotalCents,
          serviceFeeCents: e.serviceFeeCents,
          taxCents: e.taxCents,
          taxJurisdiction: e.taxJurisdiction,
          totalCents: e.amountCents,
          atMs: e.atMs || msg.timestampMs,
        },
        this.deps.publicUrl,
      ),
    );
  }

  /** Handler of `tessera.payment.refunded`. */
  async onRefunded(msg: BusMessage): Promise<ReceiptOutcome> {
    const e = decodeEvent(SUBJECTS.paymentRefunded, msg.data);
    return this.sendOnce(`refund:${e.intentId}`, e.userId, () =>
      refundMail(
        {
          intentId: e.intentId,
          canvasIndex: e.canvasIndex,
          boardIndex: e.boardIndex,
          pixelCount: e.pixelCount,
          amountCents: e.amountCents,
          reason: e.reason,
          atMs: e.atMs || msg.timestampMs,
        },
        this.deps.publicUrl,
      ),
    );
  }

  private async sendOnce(id: string, userId: string, mail: () => Mail): Promise<ReceiptOutcome> {
    const { receipts, users, mailer, clock, logger } = this.deps;
    const now = clock.now();
    const claim = await this.claim(id, userId, now);
    if (claim === 'sent') return 'already_sent';
    const user = await users.findOne({ _id: userId });
    if (!user) {
      logger.warn({ userId, receipt: id }, 'receipt not sent: no such account');
      await receipts.updateOne({ _id: id }, { $set: { sentAt: now, skipped: 'no_account' } });
      return 'no_account';
    }
    try {
      await mailer.send({ to: user.email, ...mail() });
    } catch (err) {
      // give the claim back: the redelivery sends it
      await receipts.deleteOne({ _id: id, sentAt: null });
      throw err;
    }
    await receipts.updateOne({ _id: id }, { $set: { sentAt: clock.now() } });
    logger.info({ userId, receipt: id }, 'receipt mailed');
    return 'sent';
  }

  /** Takes the order's receipt for this delivery: 'sent' when it went out before. */
  private async claim(id: string, userId: string, now: number): Promise<'claimed' | 'sent'> {
    const { receipts } = this.deps;
    const fresh: ReceiptDoc = { _id: id, userId, claimedUntil: now + RECEIPT_CLAIM_MS, sentAt: null };
    if (await insertIfAbsent(receipts, fresh)) return 'claimed';
    const held = await receipts.findOne({ _id: id });
    if (held === null || held.sentAt !== null) {
      if (held) return 'sent';
      throw new Error(`receipt ${id}: claim given back meanwhile, retry`);
    }
    if (held.claimedUntil > now) throw new Error(`receipt ${id} is being sent by another delivery`);
    // an expired claim (its process died before sending): take it over
    const taken = await receipts.findOneAndUpdate(
      { _id: id, sentAt: null, claimedUntil: held.claimedUntil },
      { $set: { claimedUntil: now + RECEIPT_CLAIM_MS } },
    );
    if (!taken) throw new Error(`receipt ${id}: another delivery took it over`);
    return 'claimed';
  }
}
