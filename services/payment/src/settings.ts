/** The payment service's own settings (validated at start with the shared ones). */
import { isPublishableKey } from '@tessera/facts/payments';
import { ConfigError, type EnvReader } from '@tessera/kit';

export interface PaymentSettings {
  stripe?: { secretKey: string; publishableKey: string; webhookSecret: string };
  /** How often the reconciliation job runs (ms). */
  reconcileEveryMs: number;
}

export function readPaymentSettings(e: EnvReader): PaymentSettings {
  const secretKey = e.str('STRIPE_SECRET_KEY');
  const publishableKey = e.str('STRIPE_PUBLISHABLE_KEY');
  const webhookSecret = e.str('STRIPE_WEBHOOK_SECRET');
  const reconcileEveryMs = e.int('PAYMENT_RECONCILE_MS', { default: 60_000, min: 1000, max: 3_600_000 });
  const given = [secretKey, publishableKey, webhookSecret].filter((v) => v !== undefined && v !== '');
  if (given.length === 0) return { reconcileEveryMs };
  if (
    given.length !== 3 ||
    !secretKey!.startsWith('sk_') ||
    !isPublishableKey(publishableKey!) ||
    !webhookSecret!.startsWith('whsec_')
  ) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY (sk_...), STRIPE_PUBLISHABLE_KEY (pk_...) and STRIPE_WEBHOOK_SECRET (whsec_...) must be set together',
    ]);
  }
  return {
    stripe: { secretKey: secretKey!, publishableKey: publishableKey!, webhookSecret: webhookSecret! },
    reconcileEveryMs,
  };
}
