// The sandbox provider's card input ("test mode"): formatting and checks before the card is sent.
// The sandbox decides the outcome by card number, like the provider's test cards.

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'fails for insufficient funds' },
] as const;

export const CARD_MESSAGES = {
  number: 'Enter a valid card number',
  expiry: 'Enter the expiry date as MM / YY',
  expired: 'This card has expired',
  cvc: 'Enter the 3- or 4-digit CVC',
} as const;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** "4242 4242 4242 4242": groups of 4, at most 19 digits. */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM / YY" while typing. */
export function formatExpiry(value: string): string {
  const d = digitsOnly(value).slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)} / ${d.slice(2)}`;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The expiry as {month, year (4 digits)}, or null when it is not MM / YY with a month 1..12. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const d = digitsOnly(value);
  if (d.length !== 4) return null;
  const month = Number(d.slice(0, 2));
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(d.slice(2)) };
}

export function validateCard(fields: CardFields, today: Date): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOnly(fields.number);
  if (number.length < 13 || number.length > 19 || !luhnValid(number)) errors.number = CARD_MESSAGES.number;
  const expiry = parseExpiry(fields.expiry);
  if (expiry === null) errors.expiry = CARD_MESSAGES.expiry;
  else {
    const thisMonth = today.getFullYear() * 12 + today.getMonth();
    if (expiry.year * 12 + (expiry.month - 1) < thisMonth) errors.expiry = CARD_MESSAGES.expired;
  }
  if (!/^\d{3,4}$/.test(fields.cvc.trim())) errors.cvc = CARD_MESSAGES.cvc;
  return errors;
}
