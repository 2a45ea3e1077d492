// The billing address and its tax (spec section 4, step 3): 500 ms after the last edit, when line 1,
// city, state and ZIP are filled in and the address is valid and has no tax yet, the intent is
// updated with the address and the server's breakdown replaces the estimate.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import { isApiError } from '../../api/errors.js';
import { isAddressValid, normalizeAddress, type BillingAddress } from '@tessera/facts/address';
import {
  EMPTY_ADDRESS,
  addressKey,
  hasRequiredFields,
  readSessionAddress,
  sessionStore,
} from './billing-address.js';
import { updateIntentAddress } from './payment-api.js';
import {
  ADDRESS_UPDATE_INVALID_RESPONSE,
  PaymentFlowError,
  addressUpdateMessage,
} from './payment-messages.js';
import { breakdownFromServer, type PaymentBreakdown } from './pricing.js';

export const TAX_DEBOUNCE_MS = 500;

export type TaxStatus = 'estimate' | 'calculating' | 'calculated' | 'error';

export interface TaxState {
  status: TaxStatus;
  breakdown: PaymentBreakdown;
  /** The address the breakdown was calculated for. */
  key: string | null;
  error: string | null;
}

/** The message for a failed address update (codes of spec section 8). */
export function addressUpdateError(error: unknown): string {
  if (error instanceof PaymentFlowError) return error.message;
  if (isApiError(error)) return addressUpdateMessage(error.code, error.message);
  return addressUpdateMessage(null, null);
}

/** Whether an address should be sent for tax now (the rule of step 3). */
export function wantsTax(address: BillingAddress, calculatedKey: string | null): boolean {
  return hasRequiredFields(address) && isAddressValid(address) && addressKey(address) !== calculatedKey;
}

export function useTaxUpdate(api: ApiClient, paymentIntentId: string | null, estimate: PaymentBreakdown) {
  // The address given earlier in this session, if any: its tax is asked for at once.
  const [address, setAddress] = useState<BillingAddress>(
    () => readSessionAddress(sessionStore()) ?? EMPTY_ADDRESS,
  );
  const [tax, setTax] = useState<TaxState>({
    status: 'estimate',
    breakdown: estimate,
    key: null,
    error: null,
  });
  const latest = useRef(0);
  const calculated = useRef<{ key: string; breakdown: PaymentBreakdown } | null>(null);

  const inflight = useRef<{ key: string; promise: Promise<PaymentBreakdown> } | null>(null);

  const request = useCallback(
    async (next: BillingAddress, key: string): Promise<PaymentBreakdown> => {
      if (paymentIntentId === null) throw new PaymentFlowError(ADDRESS_UPDATE_INVALID_RESPONSE);
      const id = ++latest.current;
      setTax((t) => ({ ...t, status: 'calculating', error: null }));
      try {
        const raw = await updateIntentAddress(api, paymentIntentId, normalizeAddress(next));
        const breakdown = breakdownFromServer(raw, estimate);
        if (breakdown === null) throw new PaymentFlowError(ADDRESS_UPDATE_INVALID_RESPONSE);
        calculated.current = { key, breakdown };
        if (id === latest.current) setTax({ status: 'calculated', breakdown, key, error: null });
        return breakdown;
      } catch (error) {
        const message = addressUpdateError(error);
        if (id === latest.current) setTax((t) => ({ ...t, status: 'error', error: message }));
        throw new PaymentFlowError(message);
      }
    },
    [api, paymentIntentId, estimate],
  );

  /** The breakdown for an address: cached, the request already under way, or a new one. */
  const run = useCallback(
    (next: BillingAddress): Promise<PaymentBreakdown> => {
      const key = addressKey(next);
      if (calculated.current?.key === key) return Promise.resolve(calculated.current.breakdown);
      if (inflight.current?.key === key) return inflight.current.promise;
      const promise = request(next, key).finally(() => {
        if (inflight.current?.promise === promise) inflight.current = null;
      });
      inflight.current = { key, promise };
      return promise;
    },
    [request],
  );

  useEffect(() => {
    if (paymentIntentId === null || !wantsTax(address, calculated.current?.key ?? null)) return;
    const timer = setTimeout(() => {
      run(address).catch(() => undefined);
    }, TAX_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [address, paymentIntentId, run]);

  /** The breakdown for the current address, calculating it now if needed (before paying). */
  const flush = useCallback((next: BillingAddress = address) => run(next), [address, run]);

  return { address, setAddress, tax, flush };
}
