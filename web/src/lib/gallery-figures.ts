// The gallery's figures as the About page, the FAQ, the Terms of Service and the sign-in dialog word
// them (spec sections 1 and 9), built from the facts the services use: the grid, the prices and the
// service fee. Written out by hand, a text would keep saying the old figure after a fact changed.

import { BOARD_SIZE, TOTAL_BOARDS, TOTAL_PIXELS } from '@tessera/facts/grid';
import {
  ARTIST_COLOR_CENTS,
  CUSTOM_COLOR_CENTS,
  SERVICE_FEE_BPS,
  SERVICE_FEE_FIXED_CENTS,
  formatDollars,
} from '@tessera/facts/pricing';

/** An amount as the prose writes it before its unit: 100 -> '1.00' (formatDollars without the sign). */
export function dollarAmount(cents: number): string {
  return formatDollars(cents).replace('$', '');
}

/** The unit after an amount: the spec writes '1.00 dollar' and '0.30 dollar', but '2.00 dollars'. */
export function dollarWord(cents: number): 'dollar' | 'dollars' {
  return Math.abs(cents) > 100 ? 'dollars' : 'dollar';
}

/** An amount in words: '1.00 dollar', '2.00 dollars'; `currency` 'US dollar' gives '1.00 US dollar'. */
export function inDollars(cents: number, currency: 'dollar' | 'US dollar' = 'dollar'): string {
  const plural = dollarWord(cents) === 'dollars' ? 's' : '';
  return `${dollarAmount(cents)} ${currency}${plural}`;
}

/** Dollars in millions to one decimal, as a bare number: 150_062_500 cents -> '1.5'. */
function millions(cents: number): string {
  return String(Math.round(cents / 100 / 100_000) / 10);
}

export const GALLERY_FIGURES = {
  /** '625' */
  boards: TOTAL_BOARDS.toLocaleString('en-US'),
  /** '49 by 49' */
  boardGrid: `${BOARD_SIZE} by ${BOARD_SIZE}`,
  /** '1,500,625' */
  canvasPixels: TOTAL_PIXELS.toLocaleString('en-US'),
  /** A canvas sold out in the artist's colours, and in custom colours: '1.5 to 3 million dollars'. */
  canvasValue: `${millions(TOTAL_PIXELS * ARTIST_COLOR_CENTS)} to ${millions(TOTAL_PIXELS * CUSTOM_COLOR_CENTS)} million dollars`,
  /** '3%' (of the subtotal) */
  serviceFeePercent: `${SERVICE_FEE_BPS / 100}%`,
  /** The service fee in words: '3% plus 0.30 dollar'. */
  serviceFee: `${SERVICE_FEE_BPS / 100}% plus ${inDollars(SERVICE_FEE_FIXED_CENTS)}`,
} as const;
