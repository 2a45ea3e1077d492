// The payment calls of spec section 7 as typed functions over the app's ApiClient. Bodies are the
// contract's (@tessera/api/payments); each answer's values are checked as they are read.
import type { ApiClient } from '../../api/client.js';
import { ApiError, readErrorBody } from '../../api/errors.js';
import { isPublishableKey } from '@tessera/facts/payments';
import { isRecord, readInt, readString } from '../../lib/json.js';
import { fieldsIn } from '../../lib/json.js';
import type { BillingAddress } from '@tessera/facts/address';
import type {
  AddressUpdated,
  AddressUpdateRequest,
  BatchResetRequest,
  BatchSaved,
  BatchUpdateRequest,
  CreatedPaymentIntent,
  CreatePaymentIntentRequest,
  IntentTrackingRecord,
  PaymentIntentStatus,
  PixelPurchaseRecord,
  ProviderConfigAnswer,
  PurchaseInfo,
  RecordSaved,
  SandboxAnswer,
  SandboxConfirmRequest,
} from '@tessera/api/payments';
import {
  ADDRESS_UPDATE_INVALID_RESPONSE,
  CONFIG_MESSAGES,
  CONFIRM_MESSAGES,
  PaymentFlowError,
} from './payment-messages.js';

export type { IntentTrackingRecord, PixelPurchaseRecord, PurchaseInfo };

/** A body that says success: false is an error with its code, status and message. */
function assertSuccess(body: unknown, fallback: string): void {
  if (isRecord(body) && body.success === false) {
    const { code, message, field } = readErrorBody(body);
    throw new ApiError({
      code: code ?? 'REQUEST_FAILED',
      status: readInt(body.statusCode) ?? 200,
      message: message ?? fallback,
      field,
      body,
    });
  }
}

export type ProviderConfig = { kind: 'stripe'; publishableKey: string } | { kind: 'sandbox' };

/**
 * Reads GET /config/stripe. No publishable key (or provider "sandbox") selects the sandbox; a key
 * without the pk_ prefix (facts' isPublishableKey, the payment service's check) is refused with
 * "Invalid Stripe publishable key format".
 */
export function parseProviderConfig(body: unknown): ProviderConfig {
  const answer = fieldsIn<ProviderConfigAnswer>(body);
  if (answer.success === false) throw new PaymentFlowError(CONFIG_MESSAGES.loadConfig);
  const data = fieldsIn<ProviderConfigAnswer['data']>(answer.data);
  const key = readString(data.publishableKey);
  if (data.provider === 'sandbox' || key === null) return { kind: 'sandbox' };
  if (!isPublishableKey(key)) throw new PaymentFlowError(CONFIG_MESSAGES.invalidKey);
  return { kind: 'stripe', publishableKey: key };
}

export async function fetchProviderConfig(api: ApiClient): Promise<ProviderConfig> {
  return parseProviderConfig(await api.get<ProviderConfigAnswer>('/config/stripe', { auth: 'optional' }));
}

export type CreateIntentBody = CreatePaymentIntentRequest;

export interface CreatedIntent {
  paymentIntentId: string;
  clientSecret: string;
  breakdown: unknown;
}

/** "pi_123" from "pi_123_secret_abc". */
export function intentIdFromSecret(clientSecret: string): string | null {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : null;
}

export function parseCreatedIntent(body: unknown): CreatedIntent {
  assertSuccess(body, CONFIRM_MESSAGES.initFailed);
  const data = fieldsIn<CreatedPaymentIntent>(body);
  const clientSecret = readString(data.clientSecret);
  if (clientSecret === null) throw new PaymentFlowError(CONFIRM_MESSAGES.noClientSecret);
  const id = readString(data.paymentIntentId) ?? intentIdFromSecret(clientSecret);
  if (id === null) throw new PaymentFlowError(CONFIRM_MESSAGES.initFailed);
  return { paymentIntentId: id, clientSecret, breakdown: data.actualPaymentBreakdown ?? null };
}

export async function createPaymentIntent(api: ApiClient, body: CreateIntentBody): Promise<CreatedIntent> {
  // A fresh CSRF token before creating an intent (spec section 4, step 2).
  await api.csrf.refresh();
  return parseCreatedIntent(await api.post<CreatedPaymentIntent>('/payments/create-payment-intent', body));
}

/** PATCH /payments/intent/{id}/address: the server's breakdown with the tax for the address. */
export async function updateIntentAddress(
  api: ApiClient,
  paymentIntentId: string,
  billingAddress: BillingAddress,
): Promise<unknown> {
  const body = await api.patch<AddressUpdated>(
    `/payments/intent/${encodeURIComponent(paymentIntentId)}/address`,
    { billingAddress } satisfies AddressUpdateRequest,
  );
  assertSuccess(body, ADDRESS_UPDATE_INVALID_RESPONSE);
  const data = fieldsIn<AddressUpdated>(body);
  if (!isRecord(data.actualPaymentBreakdown)) throw new PaymentFlowError(ADDRESS_UPDATE_INVALID_RESPONSE);
  return data.actualPaymentBreakdown;
}

export async function fetchIntentStatus(api: ApiClient, paymentIntentId: string): Promise<string> {
  const body = await api.get<PaymentIntentStatus>(
    `/payments/payment-intents/${encodeURIComponent(paymentIntentId)}/status`,
  );
  const status = readString(fieldsIn<PaymentIntentStatus>(body).status);
  if (status === null) throw new PaymentFlowError(CONFIRM_MESSAGES.verificationFailed);
  return status;
}

export async function trackPaymentIntent(api: ApiClient, record: IntentTrackingRecord): Promise<void> {
  assertSuccess(await api.post<RecordSaved>('/payment-intents', record), 'Payment tracking failed');
}

export async function recordPixelPurchase(api: ApiClient, record: PixelPurchaseRecord): Promise<void> {
  assertSuccess(
    await api.post<RecordSaved>('/pixel-purchases', record),
    'Pixel purchase could not be recorded',
  );
}

function batchPath(canvasIndex: number, boardIndex: number, kind: 'batch-reset' | 'batch-update'): string {
  return `/pixels/canvas/${canvasIndex}/board/${boardIndex}/${kind}`;
}

/** Artist-colour pixels: POST .../batch-reset {pixels: [{x, y}], purchaseInfo}. */
export async function batchReset(
  api: ApiClient,
  at: { canvasIndex: number; boardIndex: number },
  pixels: Array<{ x: number; y: number }>,
  purchaseInfo: PurchaseInfo,
): Promise<void> {
  const body = await api.post<BatchSaved>(batchPath(at.canvasIndex, at.boardIndex, 'batch-reset'), {
    pixels,
    purchaseInfo,
  } satisfies BatchResetRequest);
  assertSuccess(body, 'Failed to save pixels');
}

/** Custom-colour pixels: POST .../batch-update {pixels: [{x, y, color}], purchaseInfo}. */
export async function batchUpdate(
  api: ApiClient,
  at: { canvasIndex: number; boardIndex: number },
  pixels: Array<{ x: number; y: number; color: string }>,
  purchaseInfo: PurchaseInfo,
): Promise<void> {
  const body = await api.post<BatchSaved>(batchPath(at.canvasIndex, at.boardIndex, 'batch-update'), {
    pixels,
    purchaseInfo,
  } satisfies BatchUpdateRequest);
  assertSuccess(body, 'Failed to save pixels');
}

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Sandbox provider only (bff/README.md, "Payment API"): confirms the intent with a test card. */
export const SANDBOX_CONFIRM_PATH = '/payments/sandbox/confirm';

/**
 * Answers the intent's status. A declined test card fails with the provider's message (e.g. "Your
 * card was declined."): the BFF answers `{success: false, error: {code, message}, paymentIntent}`.
 */
export async function confirmSandboxPayment(
  api: ApiClient,
  intent: { clientSecret: string },
  card: SandboxCard,
  postalCode: string,
): Promise<string> {
  const body = await api.post<SandboxAnswer>(SANDBOX_CONFIRM_PATH, {
    clientSecret: intent.clientSecret,
    cardNumber: card.number,
    expMonth: card.expMonth,
    expYear: card.expYear,
    cvc: card.cvc,
    postalCode,
  } satisfies SandboxConfirmRequest);
  const data = fieldsIn<SandboxAnswer>(body);
  const decline = readString(fieldsIn<NonNullable<SandboxAnswer['error']>>(data.error).message);
  const status = readString(fieldsIn<NonNullable<SandboxAnswer['paymentIntent']>>(data.paymentIntent).status);
  if (data.success === false || (decline !== null && status !== 'succeeded')) {
    throw new PaymentFlowError(decline ?? CONFIRM_MESSAGES.unexpected);
  }
  return status ?? 'processing';
}
