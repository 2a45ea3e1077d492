import { describe, expect, it } from 'vitest';
import { normalizeHexColor } from './color.js';

describe('pixel colours', () => {
  it('normalises hex colours', () => {
    expect(normalizeHexColor('#abc')).toBe('#AABBCC');
    expect(normalizeHexColor('188118')).toBe('#188118');
    expect(normalizeHexColor(' #D4e4BC ')).toBe('#D4E4BC');
    for (const bad of ['', '#12', '#12345g', 'red', '#1234567']) expect(normalizeHexColor(bad)).toBeNull();
  });
});
