/**
 * The sandbox provider's test cards (the same numbers as Stripe's test mode): 4242 4242 4242 4242
 * succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 fails for insufficient funds, and
 * 4000 0027 6000 3184 requires authentication (Stripe's 3-D Secure test card): the confirmation leaves
 * the intent `requires_action` and charges nothing until the buyer completes the authentication. Any
 * other number is refused the way test mode refuses real cards. Pure.
 */
export type CardOutcome =
  | { ok: true; last4: string; brand: string; requiresAction: boolean }
  | { ok: false; code: string; declineCode?: string; message: string };

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authenticationRequired: '4000002760003184',
} as const;

type Decline = { declineCode: string; message: string };

/** How the declining test cards are declined (Stripe's decline codes and texts). */
const DECLINES = new Map<string, Decline>([
  [
    TEST_CARDS.insufficientFunds,
    { declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  ],
  [TEST_CARDS.declined, { declineCode: 'generic_decline', message: 'Your card was declined.' }],
]);

/** Any other valid number: refused the way test mode refuses a real card. */
const LIVE_CARD_DECLINE: Decline = {
  declineCode: 'test_mode_live_card',
  message: 'Your card was declined. Your request was in test mode, but used a non test card.',
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What the sandbox does with a card at `nowMs`. */
export function cardOutcome(card: CardInput, nowMs: number): CardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  const now = new Date(nowMs);
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return { ok: false, code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  if (
    !Number.isInteger(year) ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
  )
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." };
  if (!/^\d{3,4}$/.test(card.cvc))
    return { ok: false, code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  if (number === TEST_CARDS.succeeds || number === TEST_CARDS.authenticationRequired)
    return {
      ok: true,
      last4: number.slice(-4),
      brand: 'visa',
      requiresAction: number === TEST_CARDS.authenticationRequired,
    };
  return { ok: false, code: 'card_declined', ...(DECLINES.get(number) ?? LIVE_CARD_DECLINE) };
}
