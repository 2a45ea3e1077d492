/** Pixel colours as the spec writes them: '#RRGGBB', upper case. */
const HEX = /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/;

/** '#abc', 'aabbcc' or '#AABBCC' -> '#AABBCC'; anything else -> null. */
export function normalizeHexColor(value: string): string | null {
  const m = HEX.exec(value.trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${hex.toUpperCase()}`;
}
