// Stripe Elements (loaded lazily; only with a real publishable key): the Express Checkout (wallet)
// button and the Payment Element, both from one Elements group bound to the intent's client secret.
import type { Stripe, StripeElements, StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useLatest } from '../../lib/use-latest.js';

export function useStripeElements(stripe: Stripe | null, clientSecret: string | null): StripeElements | null {
  const [elements, setElements] = useState<StripeElements | null>(null);
  useEffect(() => {
    if (stripe === null || clientSecret === null) return;
    setElements(
      stripe.elements({
        clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#4b3fc0', borderRadius: '8px' } },
      }),
    );
  }, [stripe, clientSecret]);
  return elements;
}

/** The Payment Element; the billing address comes from our form, so Stripe does not ask for it. */
export function PaymentElementMount({ elements }: { elements: StripeElements }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (host.current === null) return;
    const element = elements.create('payment', {
      fields: { billingDetails: { address: 'never' } },
      wallets: { applePay: 'never', googlePay: 'never' },
    });
    element.mount(host.current);
    return () => element.destroy();
  }, [elements]);
  return <div ref={host} className="pay-stripe__payment" />;
}

/** The Express Checkout button; the wallet supplies the billing address. */
export function ExpressCheckoutMount({
  elements,
  onConfirm,
}: {
  elements: StripeElements;
  onConfirm(event: StripeExpressCheckoutElementConfirmEvent): void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const handler = useLatest(onConfirm);
  useEffect(() => {
    if (host.current === null) return;
    const element = elements.create('expressCheckout', { billingAddressRequired: true });
    element.on('confirm', (event) => handler.current(event));
    element.mount(host.current);
    return () => element.destroy();
  }, [elements, handler]);
  return <div ref={host} className="pay-stripe__express" />;
}
