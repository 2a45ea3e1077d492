/**
 * The ids that travel between the services, defined once: the user id and the order id. Every
 * service checks them at its boundary with these predicates and nothing else. Pure: no I/O, no Node
 * API (the web bundle may import it).
 */

/** The longest user id taken (identity's own ids are 36 characters). */
export const USER_ID_MAX = 64;
/** The longest order id taken (the payment provider's intent ids are far shorter). */
export const ORDER_ID_MAX = 200;

/*
 * The identity service makes every user id (accounts and OIDC sign-ins alike) with `randomUUID()`:
 * 36 characters of hex digits and hyphens. The rule takes those letters, digits, '_' and '-', so every
 * id identity issues passes, and nothing that could split a key (':' as in `lock:user:<id>`), name
 * an address or a path ('@', '.', '/') or break a log line (spaces, control characters).
 */
const USER_ID = new RegExp(`^[A-Za-z0-9_-]{1,${USER_ID_MAX}}$`);

/*
 * An order is keyed by the payment provider's intent id (Stripe's `pi_...`, the sandbox's
 * `pi_sbx_...`): letters, digits and '_', '.', ':', '-'.
 */
const ORDER_ID = new RegExp(`^[\\w.:-]{1,${ORDER_ID_MAX}}$`);

/** True for a user id as the identity service issues them. */
export function isUserId(value: unknown): value is string {
  return typeof value === 'string' && USER_ID.test(value);
}

/** True for an order id (a payment intent id). */
export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && ORDER_ID.test(value);
}
