/**
 * What every event-bus adapter does the same way around its own work: a closed bus refuses every
 * call, a publish's arguments are checked before anything is sent, and closing twice is harmless.
 * An adapter extends CheckedEventBus and implements the `…Checked` methods and `closeOnce`.
 */
import { assertPublish } from './options.js';
import type {
  ConsumeOptions,
  EventBus,
  PublishOptions,
  PublishResult,
  SubscribeOptions,
  Subscription,
} from './port.js';
import { BusError } from './subjects.js';

export abstract class CheckedEventBus implements EventBus {
  #closed = false;

  /** True once close() has begun. */
  protected get closed(): boolean {
    return this.#closed;
  }

  async publish(subject: string, data: Uint8Array, options: PublishOptions): Promise<PublishResult> {
    this.assertOpen();
    assertPublish(subject, data, options);
    return this.publishChecked(subject, data, options);
  }

  async consume(options: ConsumeOptions): Promise<Subscription> {
    this.assertOpen();
    return this.consumeChecked(options);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    return this.subscribeChecked(options);
  }

  async lastSeq(): Promise<number> {
    this.assertOpen();
    return this.lastSeqChecked();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.closeOnce();
  }

  private assertOpen(): void {
    if (this.#closed) throw new BusError('the bus is closed');
  }

  protected abstract publishChecked(
    subject: string,
    data: Uint8Array,
    options: PublishOptions,
  ): Promise<PublishResult>;
  protected abstract consumeChecked(options: ConsumeOptions): Promise<Subscription>;
  protected abstract subscribeChecked(options: SubscribeOptions): Promise<Subscription>;
  protected abstract lastSeqChecked(): Promise<number>;
  /** Releases the adapter's resources; called once, by the first close(). */
  protected abstract closeOnce(): Promise<void>;
}
