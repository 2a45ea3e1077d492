// Paying and saving (spec section 4, steps 4-5): confirm with the provider (sandbox card or Stripe
// Elements), then verify and save the pixels with up to 2 retries (network errors retry by themselves
// after 3 s), then the success toast and onComplete.
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import { startUserAction } from '../../api/user-action.js';
import { isConfirmedStatus } from '@tessera/facts/payments';
import { toast } from '../../app/toast/toast-store.js';
import type { BillingAddress } from '@tessera/facts/address';
import { confirmSandboxPayment, type CreatedIntent } from './payment-api.js';
import {
  CONFIRM_MESSAGES,
  MODAL_TEXT,
  PAYMENT_TOAST_MS,
  PaymentFlowError,
  notSucceededMessage,
  paymentErrorMessage,
  saveErrorMessage,
} from './payment-messages.js';
import type { PaymentBreakdown } from './pricing.js';
import { digitsOnly, parseExpiry, type CardFields } from './sandbox-card.js';
import { SAVE_AUTO_RETRY_MS, newSaveProgress, retryDecision, savePurchase } from './save-flow.js';
import type { PaymentResult, PendingPurchase } from './types.js';

export type CheckoutPhase =
  | { name: 'idle' }
  | { name: 'paying' }
  | { name: 'saving'; attempt: number }
  | { name: 'save-error'; message: string; retry: 'auto' | 'manual' | 'none' }
  | { name: 'done' };

/** A confirmation that neither paid nor is paying ends here, with its status (spec section 8). */
export function confirmationStatusError(status: string): PaymentFlowError | null {
  return isConfirmedStatus(status) ? null : new PaymentFlowError(notSucceededMessage(status));
}

export async function confirmWithStripe(
  stripe: Stripe,
  elements: StripeElements | null,
  clientSecret: string,
  address: BillingAddress | null,
): Promise<string> {
  if (elements === null) throw new PaymentFlowError(CONFIRM_MESSAGES.cardMissing);
  await elements.fetchUpdates();
  const submitted = await elements.submit();
  if (submitted.error) throw new PaymentFlowError(submitted.error.message ?? CONFIRM_MESSAGES.unexpected);
  const result = await stripe.confirmPayment({
    elements,
    clientSecret,
    redirect: 'if_required',
    confirmParams: {
      return_url: window.location.href,
      ...(address
        ? {
            payment_method_data: {
              billing_details: {
                address: { ...address, line2: address.line2 || null },
              },
            },
          }
        : {}),
    },
  });
  if (result.error) throw new PaymentFlowError(result.error.message ?? CONFIRM_MESSAGES.unexpected);
  return result.paymentIntent.status;
}

/** Express Checkout: the wallet already collected the payment method; confirm without redirect. */
export async function confirmExpress(
  stripe: Stripe,
  elements: StripeElements,
  clientSecret: string,
): Promise<string> {
  const result = await stripe.confirmPayment({
    elements,
    clientSecret,
    redirect: 'if_required',
    confirmParams: { return_url: window.location.href },
  });
  if (result.error) throw new PaymentFlowError(result.error.message ?? CONFIRM_MESSAGES.walletFailed);
  return result.paymentIntent.status;
}

interface CheckoutArgs {
  api: ApiClient;
  purchase: PendingPurchase;
  userId: string | null;
  intent: CreatedIntent | null;
  metadata: Record<string, string | number>;
  onComplete(result: PaymentResult): void;
}

export function useCheckout({ api, purchase, userId, intent, metadata, onComplete }: CheckoutArgs) {
  const [phase, setPhase] = useState<CheckoutPhase>({ name: 'idle' });
  const [payError, setPayError] = useState<string | null>(null);
  const progress = useRef(newSaveProgress());
  const attempts = useRef(0);
  const paid = useRef<{ breakdown: PaymentBreakdown; address: BillingAddress } | null>(null);
  const autoRetry = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (autoRetry.current !== null) clearTimeout(autoRetry.current);
    };
  }, []);

  // Saving belongs to the pay action (`api` is that action's client, PaymentModal); a retry the buyer
  // clicks is a save action of its own, which its automatic retries continue.
  const save = useCallback(
    async (client: ApiClient = api) => {
      const done = paid.current;
      if (intent === null || done === null) return;
      attempts.current += 1;
      setPhase({ name: 'saving', attempt: attempts.current });
      try {
        await savePurchase(
          {
            purchase,
            userId,
            paymentIntentId: intent.paymentIntentId,
            clientSecret: intent.clientSecret,
            breakdown: done.breakdown,
            address: done.address,
            metadata,
          },
          { api: client, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), now: () => new Date() },
          progress.current,
        );
      } catch (error) {
        if (!mounted.current) return;
        const retry = retryDecision(error, attempts.current);
        setPhase({ name: 'save-error', message: saveErrorMessage(error), retry });
        if (retry === 'auto') {
          autoRetry.current = setTimeout(() => {
            autoRetry.current = null;
            void save(client);
          }, SAVE_AUTO_RETRY_MS);
        }
        return;
      }
      toast.success(MODAL_TEXT.success, { durationMs: PAYMENT_TOAST_MS });
      setPhase({ name: 'done' });
      onComplete({ paymentIntentId: intent.paymentIntentId, pixels: purchase.pixels });
    },
    [api, intent, metadata, onComplete, purchase, userId],
  );

  /** Confirms with `confirm` (provider specific), then saves. Errors stay on the form. */
  const pay = useCallback(
    async (
      prepare: () => Promise<{ breakdown: PaymentBreakdown; address: BillingAddress }>,
      confirm: () => Promise<string>,
      mapError: (error: unknown) => string = paymentErrorMessage,
    ) => {
      setPayError(null);
      setPhase({ name: 'paying' });
      try {
        const ready = await prepare();
        const status = await confirm();
        const notOk = confirmationStatusError(status);
        if (notOk) throw notOk;
        paid.current = ready;
      } catch (error) {
        if (!mounted.current) return;
        setPayError(mapError(error));
        setPhase({ name: 'idle' });
        return;
      }
      await save();
    },
    [save],
  );

  const retrySave = useCallback(() => {
    if (autoRetry.current !== null) {
      clearTimeout(autoRetry.current);
      autoRetry.current = null;
    }
    void save(api.forAction(startUserAction('save')));
  }, [api, save]);

  return { phase, payError, setPayError, pay, retrySave };
}

/** The sandbox confirmation with the card typed into the test-mode input. */
export function sandboxConfirm(
  api: ApiClient,
  intent: CreatedIntent,
  card: CardFields,
  postalCode: string,
): () => Promise<string> {
  return () => {
    const expiry = parseExpiry(card.expiry);
    if (expiry === null) throw new PaymentFlowError(CONFIRM_MESSAGES.cardMissing);
    return confirmSandboxPayment(
      api,
      intent,
      { number: digitsOnly(card.number), expMonth: expiry.month, expYear: expiry.year, cvc: card.cvc.trim() },
      postalCode,
    );
  };
}
