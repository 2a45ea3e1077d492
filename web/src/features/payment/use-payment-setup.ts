// Opening the payment modal (spec section 4, steps 1-2): load the provider configuration and, for
// Stripe, its script; then create the payment intent with no address (wallet-ready).
import { useQuery } from '@tanstack/react-query';
import type { Stripe } from '@stripe/stripe-js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import { boardPosition } from '@tessera/facts/grid';
import { createPaymentIntent, type CreatedIntent, type ProviderConfig } from './payment-api.js';
import {
  CONFIG_MESSAGES,
  CONFIRM_MESSAGES,
  PaymentFlowError,
  purchaseErrorMessage,
} from './payment-messages.js';
import { colourCounts, CURRENCY, SERVICE_FEE_BPS } from '@tessera/facts/pricing';
import { estimateBreakdown, type PaymentBreakdown } from './pricing.js';
import { paymentConfigQueryOptions, stripeQueryOptions } from './queries.js';
import type { PendingPurchase } from './types.js';

export type SetupState =
  | { name: 'loading' }
  | { name: 'system-error'; message: string }
  | { name: 'preparing' }
  | { name: 'init-error'; message: string }
  | { name: 'ready'; config: ProviderConfig; stripe: Stripe | null; intent: CreatedIntent };

type IntentState =
  | { status: 'idle' }
  | { status: 'creating' }
  | { status: 'ready'; intent: CreatedIntent }
  | { status: 'error'; message: string };

/** Metadata of the intent (spec section 3, payment intent creation payload). */
export function intentMetadata(
  purchase: PendingPurchase,
  estimate: PaymentBreakdown,
  userId: string,
  now: Date,
): Record<string, string | number> {
  const { row, col } = boardPosition(purchase.boardIndex);
  return {
    userId,
    pixelCount: purchase.pixels.length,
    customColorCount: estimate.customColorCount,
    artistColorCount: estimate.artistColorCount,
    subtotalCents: estimate.subtotal,
    serviceFeePercent: SERVICE_FEE_BPS / 100,
    serviceFeeCents: estimate.serviceFeeTotal,
    billingState: '',
    billingPostalCode: '',
    createdAt: now.toISOString(),
    canvasId: purchase.canvasIndex,
    artboardId: purchase.boardIndex,
    // The board's position as "row,col".
    position: `${row},${col}`,
    timestamp: now.getTime(),
  };
}

export function usePaymentSetup(api: ApiClient, purchase: PendingPurchase, userId: string) {
  const config = useQuery(paymentConfigQueryOptions(api));
  const key = config.data?.kind === 'stripe' ? config.data.publishableKey : null;
  const stripe = useQuery({ ...stripeQueryOptions(key ?? ''), enabled: key !== null });
  const [intentState, setIntentState] = useState<IntentState>({ status: 'idle' });
  const started = useRef(false);

  const estimate = useMemo(() => {
    const { artistColorCount, customColorCount } = colourCounts(purchase.pixels);
    return estimateBreakdown(artistColorCount, customColorCount);
  }, [purchase.pixels]);
  const [metadata] = useState(() => intentMetadata(purchase, estimate, userId, new Date()));

  const systemReady = config.data !== undefined && (key === null || stripe.data !== undefined);

  useEffect(() => {
    if (!systemReady || started.current) return;
    started.current = true;
    setIntentState({ status: 'creating' });
    createPaymentIntent(api, {
      amount: estimate.totalAmountCents,
      currency: CURRENCY,
      billingAddress: null,
      metadata,
      description: `Tessera: ${purchase.pixels.length} pixel(s) on board ${purchase.boardIndex}`,
      canvasIndex: purchase.canvasIndex,
      boardIndex: purchase.boardIndex,
      pixels: purchase.pixels,
    }).then(
      (intent) => setIntentState({ status: 'ready', intent }),
      (error: unknown) => {
        const amounts = { paidCents: estimate.totalAmountCents, expectedCents: estimate.totalAmountCents };
        const message =
          purchaseErrorMessage(error, amounts) ??
          (error instanceof PaymentFlowError ? error.message : CONFIRM_MESSAGES.initFailed);
        setIntentState({ status: 'error', message });
      },
    );
  }, [systemReady, api, estimate, metadata, purchase]);

  const retry = useCallback(() => {
    if (config.isError) void config.refetch();
    else if (stripe.isError) void stripe.refetch();
  }, [config, stripe]);

  let state: SetupState;
  if (config.isError) state = { name: 'system-error', message: CONFIG_MESSAGES.loadConfig };
  else if (stripe.isError) {
    const message =
      stripe.error instanceof PaymentFlowError ? stripe.error.message : CONFIG_MESSAGES.loadSystem;
    state = { name: 'system-error', message };
  } else if (!systemReady || config.data === undefined) state = { name: 'loading' };
  else if (intentState.status === 'error') state = { name: 'init-error', message: intentState.message };
  else if (intentState.status !== 'ready') state = { name: 'preparing' };
  else
    state = { name: 'ready', config: config.data, stripe: stripe.data ?? null, intent: intentState.intent };

  return { state, estimate, metadata, retry, retrying: config.isFetching || stripe.isFetching };
}
