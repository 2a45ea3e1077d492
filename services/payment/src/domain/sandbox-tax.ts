/**
 * The sandbox provider's tax for a US address: the state's base sales-tax rate (basis points, as
 * published by the states; no local rates). Only the sandbox uses it: with Stripe keys the tax comes
 * from Stripe Tax. Pure.
 */
import { applyBps } from '@tessera/facts/pricing';
import type { TaxQuote } from './order.js';

export const STATE_TAX_BPS: Readonly<Record<string, number>> = {
  AL: 400,
  AK: 0,
  AZ: 560,
  AR: 650,
  CA: 725,
  CO: 290,
  CT: 635,
  DE: 0,
  DC: 600,
  FL: 600,
  GA: 400,
  HI: 400,
  ID: 600,
  IL: 625,
  IN: 700,
  IA: 600,
  KS: 650,
  KY: 600,
  LA: 500,
  ME: 550,
  MD: 600,
  MA: 625,
  MI: 600,
  MN: 688,
  MS: 700,
  MO: 423,
  MT: 0,
  NE: 550,
  NV: 685,
  NH: 0,
  NJ: 663,
  NM: 488,
  NY: 400,
  NC: 475,
  ND: 500,
  OH: 575,
  OK: 450,
  OR: 0,
  PA: 600,
  RI: 700,
  SC: 600,
  SD: 420,
  TN: 700,
  TX: 625,
  UT: 610,
  VT: 600,
  VA: 530,
  WA: 650,
  WV: 600,
  WI: 500,
  WY: 400,
};

export function sandboxTax(state: string, subtotalCents: number): TaxQuote {
  const rateBps = STATE_TAX_BPS[state];
  if (rateBps === undefined) throw new RangeError(`no tax rate for state '${state}'`);
  return { amountCents: applyBps(subtotalCents, rateBps), rateBps, jurisdiction: state };
}
