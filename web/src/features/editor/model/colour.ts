// Colour input (spec sections 5 and 9): the picker and a hex text input, ten quick colours, and the
// default picker colour. What a person types is read by @tessera/facts/colour's normalizeHexColor.
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

export const HEX_ERROR = 'Enter a hex colour such as #188118';
