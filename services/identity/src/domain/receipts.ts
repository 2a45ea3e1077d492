/**
 * The buyer's receipt and refund notice (issue 24): the mail texts, pure. Amounts are integer cents
 * shown as dollars; pixels by their canvas position (the `/canvas?x=&y=` deep link's), each with its
 * colour; the link goes to My pixels.
 */
import { canvasPixelOf } from '@tessera/facts/grid';
import { formatDollars } from '@tessera/facts/pricing';
import { MY_PIXELS_PATH, refundReasonText } from '@tessera/facts/purchases';

/** Pixels listed one by one in a mail; beyond these, the count of the rest. */
export const RECEIPT_PIXELS_LISTED = 50;

export interface ReceiptOrder {
  intentId: string;
  canvasIndex: number;
  boardIndex: number;
  pixels: readonly { x: number; y: number; color: string }[];
  subtotalCents: number;
  serviceFeeCents: number;
  taxCents: number;
  taxJurisdiction: string;
  totalCents: number;
  /** When it was paid (epoch ms). */
  atMs: number;
}

export interface RefundNotice {
  intentId: string;
  canvasIndex: number;
  boardIndex: number;
  pixelCount: number;
  amountCents: number;
  reason: string;
  atMs: number;
}

export interface Mail {
  subject: string;
  text: string;
}

/** The address of My pixels under the public origin (no trailing slash doubled). */
export function myPixelsUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${MY_PIXELS_PATH}`;
}

function pixelLines(o: ReceiptOrder): string[] {
  const lines = o.pixels.slice(0, RECEIPT_PIXELS_LISTED).map((p) => {
    const at = canvasPixelOf(o.boardIndex, p.x, p.y);
    return `  (${at.x}, ${at.y}) ${p.color}`;
  });
  const rest = o.pixels.length - RECEIPT_PIXELS_LISTED;
  if (rest > 0) lines.push(`  and ${rest} more (all of them on My pixels)`);
  return lines;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function receiptMail(o: ReceiptOrder, publicUrl: string): Mail {
  const tax = o.taxJurisdiction ? `Tax (${o.taxJurisdiction})` : 'Tax';
  return {
    subject: `Your Tessera receipt: ${plural(o.pixels.length, 'pixel')}, ${formatDollars(o.totalCents)}`,
    text: [
      'Thank you for your purchase. Your pixels are on the canvas.',
      '',
      `Order: ${o.intentId}`,
      `Date: ${new Date(o.atMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `Canvas ${o.canvasIndex}, board ${o.boardIndex}: ${plural(o.pixels.length, 'pixel')}`,
      ...pixelLines(o),
      '',
      `Pixels: ${formatDollars(o.subtotalCents)}`,
      `Service fee: ${formatDollars(o.serviceFeeCents)}`,
      `${tax}: ${formatDollars(o.taxCents)}`,
      `Total paid: ${formatDollars(o.totalCents)}`,
      '',
      `See your pixels: ${myPixelsUrl(publicUrl)}`,
    ].join('\n'),
  };
}

export function refundMail(r: RefundNotice, publicUrl: string): Mail {
  return {
    subject: `Your Tessera payment of ${formatDollars(r.amountCents)} was refunded`,
    text: [
      `We refunded your payment of ${formatDollars(r.amountCents)} in full.`,
      refundReasonText(r.reason),
      '',
      `Order: ${r.intentId}`,
      `Date: ${new Date(r.atMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `Canvas ${r.canvasIndex}, board ${r.boardIndex}: ${plural(r.pixelCount, 'pixel')} not bought`,
      '',
      `Your purchases: ${myPixelsUrl(publicUrl)}`,
    ].join('\n'),
  };
}
