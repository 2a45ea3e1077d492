/**
 * The fault suite's verdict, from what the run recorded and what the stack answers afterwards (pure:
 * no I/O, unit-tested in verify.test.ts):
 * - every paid intent (provider status `succeeded`) is final: granted (`committed`) or refunded in
 *   full; none is still pending or lost;
 * - no intent that was not paid is granted;
 * - every granted order's pixels belong to its buyer on the board, and no pixel is granted to two
 *   orders (no double sale);
 * - every owned pixel of the buyers' boards belongs to a granted order (nothing granted without one);
 * - the ledger counts each granted order once, and what it received equals the paid orders minus the
 *   refunds, to the cent.
 */
export interface SettledIntent {
  id: string;
  userId: string;
  board: number;
  pixels: { x: number; y: number }[];
  amountCents: number;
  /** The provider's status (succeeded = paid). */
  status: string;
  /** pending, committed, refunded or canceled. */
  orderState: string;
  refundedCents: number;
}

export interface Outcome {
  orders: number;
  paid: number;
  granted: number;
  refunded: number;
  unpaid: number;
  paidCents: number;
  refundedCents: number;
  violations: string[];
}

/** `owners`: board -> "x,y" -> user id of every owned pixel of the buyers' boards. */
export function checkOutcome(
  intents: SettledIntent[],
  owners: Map<number, Map<string, string>>,
  ledger: { orderCount: number; receivedCents: number },
): Outcome {
  const violations: string[] = [];
  const paid = intents.filter((i) => i.status === 'succeeded');
  const granted = intents.filter((i) => i.orderState === 'committed');
  const refunded = intents.filter((i) => i.orderState === 'refunded');
  for (const i of paid) {
    if (i.orderState !== 'committed' && i.orderState !== 'refunded')
      violations.push(`lost: paid order ${i.id} is ${i.orderState}, neither granted nor refunded`);
  }
  for (const i of intents) {
    if (i.orderState === 'committed' && i.status !== 'succeeded')
      violations.push(`order ${i.id} is granted but its payment is ${i.status}`);
    if (i.orderState === 'refunded' && i.refundedCents !== i.amountCents)
      violations.push(`order ${i.id} refunded ${i.refundedCents} of ${i.amountCents} cents`);
  }
  /** "board:x,y" -> the granted order holding it */
  const holder = new Map<string, string>();
  for (const i of granted) {
    for (const p of i.pixels) {
      const key = `${i.board}:${p.x},${p.y}`;
      const other = holder.get(key);
      if (other) violations.push(`double sale: pixel ${key} granted to ${other} and ${i.id}`);
      holder.set(key, i.id);
      const owner = owners.get(i.board)?.get(`${p.x},${p.y}`);
      if (owner !== i.userId)
        violations.push(`order ${i.id} is granted but pixel ${key} belongs to ${owner ?? 'nobody'}`);
    }
  }
  for (const [board, pixels] of owners) {
    for (const [xy, owner] of pixels) {
      if (!holder.has(`${board}:${xy}`))
        violations.push(`pixel ${board}:${xy} belongs to ${owner} without a granted order`);
    }
  }
  const paidCents = paid.reduce((s, i) => s + i.amountCents, 0);
  const refundedCents = refunded.reduce((s, i) => s + i.refundedCents, 0);
  if (ledger.orderCount !== granted.length)
    violations.push(`ledger counts ${ledger.orderCount} orders, ${granted.length} were granted`);
  if (ledger.receivedCents !== paidCents - refundedCents)
    violations.push(
      `ledger received ${ledger.receivedCents} cents; paid ${paidCents} - refunded ${refundedCents} = ${paidCents - refundedCents}`,
    );
  return {
    orders: intents.length,
    paid: paid.length,
    granted: granted.length,
    refunded: refunded.length,
    unpaid: intents.length - paid.length,
    paidCents,
    refundedCents,
    violations,
  };
}
