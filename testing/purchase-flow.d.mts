/** A pixel of an order: with `color` (#RRGGBB) in the buyer's own colour, without in the artist's. */
export interface OrderPixel {
  x: number;
  y: number;
  color?: string;
}

/** A signed-in user's POST to the BFF (bearer token, CSRF token, cookies) with a JSON body. */
export interface SignedInApi {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the BFF's JSON answers, read step by step
  post(path: string, body: unknown): Promise<{ status: number; json: any }>;
}

export const TEST_CARD: { cardNumber: string; expMonth: number; expYear: number; cvc: string };

/** The sandbox's 3-D Secure card: confirmation leaves `requires_action` until authenticated. */
export const AUTH_CARD: { cardNumber: string; expMonth: number; expYear: number; cvc: string };

/** The server's price in cents of an order of `pixels` (estimated tax). */
export function orderTotalCents(pixels: readonly OrderPixel[]): number;

/** Lock (unless lockMinutes is null), intent, sandbox card 4242, saves; throws naming a failed step. */
export function buyPixels(
  api: SignedInApi,
  order: { canvas: number; board: number; pixels: readonly OrderPixel[]; lockMinutes?: number | null },
): Promise<{ paymentIntentId: string; totalCents: number }>;
