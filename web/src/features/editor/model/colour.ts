// Colour input (spec sections 5 and 9): the picker and a hex text input, ten quick colours, and the
// default picker colour.
export const QUICK_COLOURS = [
  '#D4E4BC',
  '#96ACB7',
  '#36558F',
  '#40376E',
  '#48233C',
  '#4C061D',
  '#D17A22',
  '#B4C292',
  '#736F4E',
  '#3B3923',
] as const;

export const DEFAULT_PICKER_COLOUR = '#188118';

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f]{3})$/i;

/** "#RRGGBB" (upper case) for "#rgb", "rgb", "#rrggbb" or "rrggbb"; null for anything else. */
export function normaliseHex(input: string): string | null {
  const value = input.trim();
  const six = HEX6.exec(value);
  if (six?.[1]) return `#${six[1].toUpperCase()}`;
  const three = HEX3.exec(value);
  if (three?.[1]) {
    const [r, g, b] = three[1].toUpperCase();
    return `#${r}${r}${g}${g}${b}${b}`;
  }
  return null;
}

export const HEX_ERROR = 'Enter a hex colour such as #188118';
