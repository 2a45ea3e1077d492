// The FAQ's price answer is built from the facts and reads as it always did.
import { describe, expect, it } from 'vitest';
import { FAQ } from './about-faq.js';

describe('About FAQ', () => {
  it('states the prices and the service fee in the same words as before', () => {
    const prices = FAQ.find((item) => item.question === 'What is the difference between the two prices?');
    expect(prices?.answer).toBe(
      'Trusting the artist costs 1.00 dollar per pixel and paints the pixel in the colour the featured artist recommends for that spot. Choosing your own colour costs 2.00 dollars per pixel. A service fee of 3% plus 0.30 dollar and any sales tax are added at checkout.',
    );
  });

  it('states the revenue split in the same words as before', () => {
    const paid = FAQ.find((item) => item.question === 'How are artists paid?');
    expect(paid?.answer).toBe(
      'Revenue from every canvas is split 70% to the featured artist and 30% to the gallery. The artist is paid within 30 days of their canvas selling out.',
    );
  });
});
