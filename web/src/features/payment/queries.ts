// The payment feature's queries: the provider configuration and, with a real key, the provider script.
// Both retry 3 times after 1, 2 and 4 s (spec section 9: load retries 3, 2^n seconds).
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.js';
import { fetchProviderConfig } from './payment-api.js';
import { PaymentFlowError } from './payment-messages.js';
import { loadStripeJs } from './stripe-loader.js';

export const LOAD_RETRIES = 3;

export function loadRetryDelayMs(failureCount: number): number {
  return 1000 * 2 ** failureCount;
}

/** A wrong configuration does not get better by asking again; anything else is retried. */
function retryLoad(failureCount: number, error: unknown): boolean {
  return failureCount < LOAD_RETRIES && !(error instanceof PaymentFlowError && /format/.test(error.message));
}

export const paymentKeys = {
  all: ['payment'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  stripe: (publishableKey: string) => [...paymentKeys.all, 'stripe', publishableKey] as const,
};

export function paymentConfigQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: () => fetchProviderConfig(api),
    staleTime: 5 * 60_000,
    retry: retryLoad,
    retryDelay: loadRetryDelayMs,
  });
}

export function stripeQueryOptions(publishableKey: string) {
  return queryOptions({
    queryKey: paymentKeys.stripe(publishableKey),
    queryFn: () => loadStripeJs(publishableKey),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: retryLoad,
    retryDelay: loadRetryDelayMs,
  });
}
