// The save flow of spec section 4 after a successful payment: verify the payment, track the intent,
// record the purchase, then batch-reset the artist-colour pixels and batch-update the custom ones with
// purchaseInfo. Progress is kept so a retry resumes where the last attempt stopped.
import { PAYMENT_REQUIRED_MESSAGE, purchaseType } from '@tessera/facts/payments';
import { CURRENCY } from '@tessera/facts/pricing';
import type { ApiClient } from '../../api/client.js';
import type { BillingAddress } from '@tessera/facts/address';
import { sendInBatches } from './batching.js';
import {
  batchReset,
  batchUpdate,
  fetchIntentStatus,
  recordPixelPurchase,
  trackPaymentIntent,
  type PurchaseInfo,
} from './payment-api.js';
import { isNetworkError } from '../../api/errors.js';
import { isRefundedSave, PaymentFlowError, SAVE_MESSAGES, purchaseErrorMessage } from './payment-messages.js';
import type { PaymentBreakdown } from './pricing.js';
import type { PendingPurchase } from './types.js';
import { verifyPayment } from './verification.js';

export interface SaveInput {
  purchase: PendingPurchase;
  userId: string | null;
  paymentIntentId: string | null;
  clientSecret: string;
  breakdown: PaymentBreakdown;
  address: BillingAddress;
  metadata: Record<string, string | number>;
}

export interface SaveProgress {
  verified: boolean;
  tracked: boolean;
  recorded: boolean;
  reset: { sent: number };
  updated: { sent: number };
  purchasedAt: string | null;
}

export function newSaveProgress(): SaveProgress {
  return {
    verified: false,
    tracked: false,
    recorded: false,
    reset: { sent: 0 },
    updated: { sent: 0 },
    purchasedAt: null,
  };
}

export interface SaveDeps {
  api: ApiClient;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
}

/** The checks before anything is sent; throws the spec's message. */
export function validateSave(input: SaveInput): void {
  if (input.purchase.pixels.length === 0) throw new PaymentFlowError(SAVE_MESSAGES.noChanges);
  if (input.userId === null) throw new PaymentFlowError(SAVE_MESSAGES.userMissing);
  if (input.userId.trim() === '') throw new PaymentFlowError(SAVE_MESSAGES.userIdMissing);
  if (!Number.isInteger(input.purchase.canvasIndex) || input.purchase.canvasIndex < 0) {
    throw new PaymentFlowError(SAVE_MESSAGES.canvasIndexMissing);
  }
  if (input.paymentIntentId === null || input.paymentIntentId === '') {
    throw new PaymentFlowError(PAYMENT_REQUIRED_MESSAGE);
  }
}

/** Purchase errors (400/403) become their spec texts; network errors pass through for the auto-retry. */
function mapStepError(error: unknown, input: SaveInput, otherwise: (error: unknown) => unknown): unknown {
  if (isNetworkError(error)) return error;
  const amounts = {
    paidCents: input.breakdown.totalAmountCents,
    expectedCents: input.breakdown.totalAmountCents,
  };
  const message = purchaseErrorMessage(error, amounts);
  if (message !== null) return new PaymentFlowError(message, { verbatim: true });
  return otherwise(error);
}

/**
 * One step of the save that a retry does not repeat once it has succeeded: runs it unless `progress`
 * marks it done, and throws what `failed` makes of its error.
 */
async function resumableStep(
  progress: SaveProgress,
  step: 'verified' | 'tracked' | 'recorded',
  run: () => Promise<unknown>,
  failed: (error: unknown) => unknown = (error) => error,
): Promise<void> {
  if (progress[step]) return;
  try {
    await run();
  } catch (error) {
    throw failed(error);
  }
  progress[step] = true;
}

export async function savePurchase(input: SaveInput, deps: SaveDeps, progress: SaveProgress): Promise<void> {
  validateSave(input);
  const id = input.paymentIntentId as string;
  const { purchase, breakdown, address } = input;
  const at = { canvasIndex: purchase.canvasIndex, boardIndex: purchase.boardIndex };
  progress.purchasedAt ??= deps.now().toISOString();

  await resumableStep(progress, 'verified', () =>
    verifyPayment({ getStatus: () => fetchIntentStatus(deps.api, id), sleep: deps.sleep }),
  );
  await resumableStep(
    progress,
    'tracked',
    () =>
      trackPaymentIntent(deps.api, {
        stripe_payment_intent_id: id,
        amount: breakdown.totalAmountCents,
        currency: CURRENCY,
        status: 'created',
        client_secret: input.clientSecret,
        tax_amount_cents: breakdown.taxAmount,
        tax_rate: breakdown.taxRate / 10_000,
        tax_jurisdiction: breakdown.taxJurisdiction,
        billing_address_line1: address.line1,
        billing_address_line2: address.line2 === '' ? null : address.line2,
        billing_address_city: address.city,
        billing_address_state: address.state,
        billing_address_postal_code: address.postal_code,
        billing_address_country: address.country,
        metadata: input.metadata,
      }),
    (error) => mapStepError(error, input, () => new PaymentFlowError(SAVE_MESSAGES.tracking)),
  );
  const purchasedAt = progress.purchasedAt;
  await resumableStep(
    progress,
    'recorded',
    () =>
      recordPixelPurchase(deps.api, {
        payment_intent_id: id,
        canvas_index: purchase.canvasIndex,
        x_y_array: purchase.pixels.map((p) => [p.x, p.y]),
        price_cents: breakdown.subtotal,
        purchase_status: 'completed',
        purchased_at: purchasedAt,
        tax_amount_cents: breakdown.taxAmount,
      }),
    (error) => mapStepError(error, input, (e) => e),
  );

  const info = (isDefault: boolean): PurchaseInfo => ({
    payment_intent_id: id,
    purchase_timestamp: progress.purchasedAt as string,
    purchase_type: purchaseType(isDefault),
  });
  const artist = purchase.pixels.filter((p) => p.isDefault).map((p) => ({ x: p.x, y: p.y }));
  const custom = purchase.pixels.filter((p) => !p.isDefault).map((p) => ({ x: p.x, y: p.y, color: p.color }));
  try {
    await sendInBatches(artist, (batch) => batchReset(deps.api, at, batch, info(true)), {
      sleep: deps.sleep,
      progress: progress.reset,
    });
    if (artist.length > 0 && custom.length > 0 && progress.updated.sent === 0) await deps.sleep(100);
    await sendInBatches(custom, (batch) => batchUpdate(deps.api, at, batch, info(false)), {
      sleep: deps.sleep,
      progress: progress.updated,
    });
  } catch (error) {
    throw mapStepError(error, input, (e) => e);
  }
}

export const SAVE_MAX_RETRIES = 2;
export const SAVE_AUTO_RETRY_MS = 3000;

/** After failed attempt number `attempt` (1-based): retry automatically, offer a retry, or give up. */
export function retryDecision(error: unknown, attempt: number): 'auto' | 'manual' | 'none' {
  if (attempt > SAVE_MAX_RETRIES) return 'none';
  if (isRefundedSave(error)) return 'none'; // refused for good and refunded: nothing to retry
  if (error instanceof PaymentFlowError) {
    return error.message === SAVE_MESSAGES.noChanges || error.message === PAYMENT_REQUIRED_MESSAGE
      ? 'none'
      : 'manual';
  }
  return isNetworkError(error) ? 'auto' : 'manual';
}
