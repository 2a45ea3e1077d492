/**
 * The gallery's prices in integer cents (spec sections 3 and 9), defined once: the payment service
 * prices every order with them, and the web app shows the same estimate before the server answers.
 * Rates are basis points (800 = 8.00%) and rounding is half up, in integers, so no float touches
 * money and the client's estimate equals the server's price to the cent. Pure: the web bundle imports it.
 */
export const ARTIST_COLOR_CENTS = 100;
export const CUSTOM_COLOR_CENTS = 200;
export const SERVICE_FEE_BPS = 300;
export const SERVICE_FEE_FIXED_CENTS = 30;
export const ESTIMATED_TAX_BPS = 800;

/** `amount * bps / 10000`, rounded half up, in integers. */
export function applyBps(amountCents: number, bps: number): number {
  return Math.floor((amountCents * bps + 5000) / 10000);
}

/** The service fee on a subtotal: 3% of it plus 30 cents. */
export function serviceFeeCents(subtotalCents: number): number {
  return applyBps(subtotalCents, SERVICE_FEE_BPS) + SERVICE_FEE_FIXED_CENTS;
}
