/**
 * Password strength (spec section 2), defined once for the identity service and the web app's meter.
 * Pure: the web bundle imports it.
 */

/** Score 0..6: length >= 8, length >= 12, lowercase, uppercase, digit, symbol. */
export function passwordScore(password: string): number {
  return [
    password.length >= 8,
    password.length >= 12,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
}
