/**
 * Buyers of the fault suite: each signs up through the BFF, holds the lock of its own board and buys
 * one pixel in the artist's colour after another the way the web app does (lock, payment intent,
 * sandbox card 4242, save through batch-reset with the intent), while processes die under it.
 *
 * Every intent the BFF created is recorded, whatever happens to it afterwards: which are paid is read
 * from the payment service at the end, not from what the buyer saw (a confirm whose answer was lost
 * may well have paid). A buyer whose order failed at any step buys the same pixel again with a new
 * intent unless the board already shows it as theirs, so a paid order that a late save or the
 * reconciliation grants competes with its retry: one of them must be refunded. Only when the payment
 * intent itself is refused with 409 (the pixel is reserved by an earlier intent of this buyer that was
 * never paid) does it move on to the next pixel.
 */
import { Browser, registerUser } from '../../bff/src/auth/test/browser.js';
import { orderTotalCents, TEST_CARD } from '../../testing/purchase-flow.mjs';

export interface PixelRef {
  board: number;
  x: number;
  y: number;
}

export interface IntentRecord {
  id: string;
  userId: string;
  board: number;
  pixels: { x: number; y: number }[];
  amountCents: number;
  /** The buyer saw its save succeed. */
  saved: boolean;
}

export interface BuyerStats {
  attempts: number;
  saved: number;
  /** Saves sent again for the same intent after a server error or a dropped connection. */
  saveRetries: number;
  failures: Map<string, number>;
}

const PASSWORD = 'Fault-Passw0rd!';
/** A save that failed on a server error or a dropped connection is sent this many times at most. */
const SAVE_ATTEMPTS = 4;

export class Buyer {
  readonly intents: IntentRecord[] = [];
  readonly stats: BuyerStats = { attempts: 0, saved: 0, saveRetries: 0, failures: new Map() };
  /** The last failed step and its answer (for a failure message). */
  lastFailure = '';
  private next = 0;

  private constructor(
    readonly browser: Browser,
    readonly userId: string,
    private token: string,
    readonly canvas: number,
    readonly board: number,
  ) {}

  /** Signs up (retrying a 429/503 or a BFF that is down) and returns the buyer of `board`. */
  static async signUp(base: string, tag: string, canvas: number, board: number): Promise<Buyer> {
    for (let attempt = 0; ; attempt++) {
      const browser = new Browser(base);
      try {
        const { user, token } = await registerUser(browser, {
          username: `fault_${tag}_${board}`,
          email: `fault.${tag}.${board}@faults.tessera.test`,
          password: PASSWORD,
        });
        return new Buyer(browser, user.id, token, canvas, board);
      } catch (err) {
        if (attempt > 30) throw err;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  private post(path: string, body: unknown) {
    return this.browser.request('POST', path, { body, bearer: this.token });
  }

  /** GET as this buyer (its bearer token). */
  get(path: string) {
    return this.browser.request('GET', path, { bearer: this.token });
  }

  private fail(step: string, status: number, body?: unknown): false {
    const key = `${step} ${status}`;
    this.lastFailure = `${key} ${JSON.stringify(body ?? '').slice(0, 300)}`;
    this.stats.failures.set(key, (this.stats.failures.get(key) ?? 0) + 1);
    // a BFF that restarted has a new CSRF token to hand out for this session
    if (status === 403) this.browser.csrfToken = undefined;
    return false;
  }

  /** The pixel this buyer is buying now (it moves on once the board shows it as theirs). */
  pixel(): { x: number; y: number } {
    return { x: this.next % 49, y: Math.floor(this.next / 49) % 49 };
  }

  /** Whether the board shows the current pixel as this buyer's (an earlier order granted it late). */
  private async ownsCurrent(): Promise<boolean> {
    const { x, y } = this.pixel();
    const res = await this.get(`/api/pixels/canvas/${this.canvas}/board/${this.board}`);
    if (res.status !== 200) return false;
    const data = res.body.data as { x: number; y: number; user_id: string | null }[];
    return data.some((p) => p.x === x && p.y === y && p.user_id === this.userId);
  }

  /** One order of the current pixel; true when its save succeeded. Never throws. */
  async buyOnce(): Promise<boolean> {
    this.stats.attempts++;
    try {
      const ok = await this.order();
      if (ok || (await this.ownsCurrent())) {
        this.next++;
        if (ok) this.stats.saved++;
      }
      return ok;
    } catch (err) {
      // the BFF went away mid-request (connection refused or reset)
      this.fail(`network ${(err as Error).message.slice(0, 40)}`, 0);
      return false;
    }
  }

  private async order(): Promise<boolean> {
    const { canvas, board } = this;
    const lock = await this.post(`/api/boards/${canvas}/${board}/lock`, { duration: 5 });
    if (lock.status !== 200) return this.fail('lock', lock.status, lock.body);
    const pixelAt = this.next;
    const pixels = [this.pixel()];
    const amountCents = orderTotalCents(pixels);
    const intent = await this.post('/api/payments/create-payment-intent', {
      amount: amountCents,
      currency: 'usd',
      billingAddress: null,
      canvasIndex: canvas,
      boardIndex: board,
      pixels: pixels.map(({ x, y }) => ({ x, y, isDefault: true })),
    });
    if (intent.status === 409 && this.next === pixelAt) {
      // the pixel is reserved by an earlier order of this buyer that was never paid (its confirm was
      // cut off): the reservation holds it for 30 minutes, so the buyer picks the next pixel, as a
      // person in the web app would
      this.next++;
    }
    if (intent.status !== 201) return this.fail('intent', intent.status, intent.body);
    const record: IntentRecord = {
      id: String(intent.body.paymentIntentId),
      userId: this.userId,
      board,
      pixels,
      amountCents,
      saved: false,
    };
    this.intents.push(record);
    const confirm = await this.post('/api/payments/sandbox/confirm', {
      clientSecret: intent.body.clientSecret,
      ...TEST_CARD,
    });
    if (confirm.status !== 200 || confirm.body.success !== true)
      return this.fail('confirm', confirm.status, confirm.body);
    // a save cut off by a kill is sent again for the same intent, as the web app retries it: a save
    // whose first attempt committed must answer success again, never sell the pixels a second time
    for (let attempt = 0; ; attempt++) {
      const save = await this.post(`/api/pixels/canvas/${canvas}/board/${board}/batch-reset`, {
        pixels,
        purchaseInfo: {
          payment_intent_id: record.id,
          purchase_timestamp: new Date().toISOString(),
          purchase_type: 'default',
        },
      }).catch((err: Error) => ({ status: 0, body: { network: err.message } as Record<string, unknown> }));
      if (save.status === 200 && save.body.success === true) break;
      if (attempt >= SAVE_ATTEMPTS - 1 || (save.status >= 400 && save.status < 500 && save.status !== 403))
        return this.fail('save', save.status, save.body);
      this.fail('save (tried again)', save.status, save.body);
      this.stats.saveRetries++;
      await new Promise((r) => setTimeout(r, 500));
    }
    record.saved = true;
    return true;
  }

  /** The intent's state at the payment service, as the buyer's status route answers it. */
  async status(id: string): Promise<{ status: string; orderState: string; refundedAmount: number } | null> {
    const res = await this.get(`/api/payments/payment-intents/${encodeURIComponent(id)}/status`);
    if (res.status !== 200) return null;
    return {
      status: String(res.body.status),
      orderState: String(res.body.orderState),
      refundedAmount: Number(res.body.refundedAmount ?? 0),
    };
  }
}
