// The dialog's figures come from the facts (prices, the lock length, the artist's share) and read as
// they always did.
import { describe, expect, it } from 'vitest';
import { dialogContent } from './dialog-content.js';

describe('dialogContent figures', () => {
  it('states the prices, the lock length and the share in the same words as before', () => {
    expect(dialogContent('default').features).toContain(
      'Buy pixels in the artist’s colour ($1.00) or your own ($2.00)',
    );
    expect(dialogContent('board-lock').description).toBe(
      'Sign in to claim this board: a lock gives you 5 minutes of exclusive editing.',
    );
    expect(dialogContent('board-lock').features).toContain(
      'Exclusive 5-minute lock, extendable while you work',
    );
    expect(dialogContent('pixel-purchase').features).toContain(
      'Artist’s colour $1.00 per pixel, your own colour $2.00',
    );
    expect(dialogContent('pixel-purchase').features).toContain(
      '70% of every purchase goes to the featured artist',
    );
  });
});
