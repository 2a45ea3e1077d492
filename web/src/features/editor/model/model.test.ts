// Editor model: selection machine, pending changes, prices, colour input, zoom.
import { describe, expect, it } from 'vitest';
import { estimateBreakdown } from '../../payment/pricing.js';
import type { PixelRecord } from '../board-pixels.js';
import { rectKeys } from './cells.js';
import { QUICK_COLOURS, DEFAULT_PICKER_COLOUR } from './colour.js';
import { applyChoice, changesToBuy, isOwned, prunePending } from './pending.js';
import { priceChanges, saveLabel } from './pricing.js';
import {
  EMPTY_SELECTION,
  endDrag,
  moveDrag,
  startDrag,
  visibleSelection,
  withoutOwned,
} from './selection.js';
import { wheelZoom } from './zoom.js';

const owned = (userId: string): PixelRecord => ({ currentColor: '#123456', defaultColor: '#654321', userId });
const free = (defaultColor = '#AABBCC'): PixelRecord => ({
  currentColor: '#FFFFFF',
  defaultColor,
  userId: null,
});

describe('selection', () => {
  it('drags a rectangle in any direction', () => {
    let s = startDrag(EMPTY_SELECTION, { x: 3, y: 3 }, false);
    s = moveDrag(s, { x: 1, y: 2 });
    expect([...visibleSelection(s)].sort()).toEqual(['1-2', '1-3', '2-2', '2-3', '3-2', '3-3']);
    const { state, refused } = endDrag(s, () => false);
    expect(state.selected.size).toBe(6);
    expect(state.drag).toBeNull();
    expect(refused).toEqual([]);
  });

  it('a plain drag replaces the selection; Ctrl/Meta adds to it', () => {
    const first = endDrag(startDrag(EMPTY_SELECTION, { x: 0, y: 0 }, false), () => false).state;
    const replaced = endDrag(startDrag(first, { x: 5, y: 5 }, false), () => false).state;
    expect([...replaced.selected]).toEqual(['5-5']);
    const added = endDrag(startDrag(first, { x: 5, y: 5 }, true), () => false).state;
    expect([...added.selected].sort()).toEqual(['0-0', '5-5']);
  });

  it('refuses purchased pixels and selects the rest', () => {
    const s = moveDrag(startDrag(EMPTY_SELECTION, { x: 0, y: 0 }, false), { x: 2, y: 0 });
    const { state, refused } = endDrag(s, (k) => k === '1-0');
    expect([...state.selected].sort()).toEqual(['0-0', '2-0']);
    expect(refused).toEqual(['1-0']);
  });

  it('drops pixels that became owned', () => {
    const s = { selected: new Set(['0-0', '1-0']), drag: null };
    expect([...withoutOwned(s, (k) => k === '0-0').selected]).toEqual(['1-0']);
    expect(withoutOwned(s, () => false)).toBe(s);
  });

  it('rectKeys covers 49 x 49 at most', () => {
    expect(rectKeys({ x: 0, y: 0 }, { x: 48, y: 48 })).toHaveLength(2401);
  });
});

describe('pending changes', () => {
  const pixels = new Map([
    ['0-0', free('#111111')],
    ['1-0', owned('u2')],
  ]);

  it('artist colour takes each pixel default; custom takes the chosen colour; owned pixels are refused', () => {
    const a = applyChoice(new Map(), ['0-0', '1-0', '2-0'], pixels, { mode: 'default' });
    expect(a.refused).toEqual(['1-0']);
    expect(a.pending.get('0-0')).toEqual({ x: 0, y: 0, color: '#111111', isDefault: true });
    expect(a.pending.get('2-0')).toEqual({ x: 2, y: 0, color: '#FFFFFF', isDefault: true });
    const b = applyChoice(a.pending, ['0-0'], pixels, { mode: 'custom', color: '#abcdef' });
    expect(b.pending.get('0-0')).toEqual({ x: 0, y: 0, color: '#ABCDEF', isDefault: false });
    expect(b.pending.size).toBe(2);
  });

  it('prunes changes on pixels bought meanwhile, and only unowned pixels are to buy', () => {
    const pending = new Map([
      ['0-0', { x: 0, y: 0, color: '#000000', isDefault: false }],
      ['1-0', { x: 1, y: 0, color: '#000000', isDefault: false }],
    ]);
    expect(isOwned(pixels, '1-0')).toBe(true);
    expect([...prunePending(pending, pixels).keys()]).toEqual(['0-0']);
    expect(changesToBuy(pending, pixels)).toHaveLength(1);
  });
});

describe('pricing (integer cents)', () => {
  it('artist 1.00, custom 2.00, fee 3% + 0.30, tax 8% of the subtotal', () => {
    const p = priceChanges([{ isDefault: true }, { isDefault: true }, { isDefault: false }]);
    expect(p).toEqual({
      artistColorCount: 2,
      customColorCount: 1,
      subtotalCents: 400,
      serviceFeeCents: 42,
      totalWithFeesCents: 442,
      estimatedTaxCents: 32,
      estimatedTotalCents: 474,
    });
  });

  it('rounds half up and never uses fractions of a cent', () => {
    const p = priceChanges(Array.from({ length: 50 }, () => ({ isDefault: true }))); // 3% of 5000 = 150
    expect(p.serviceFeeCents).toBe(180);
    const q = priceChanges([{ isDefault: false }]); // 3% of 200 = 6, 8% of 200 = 16
    expect(q.serviceFeeCents).toBe(36);
    expect(q.estimatedTaxCents).toBe(16);
    const r = priceChanges(Array.from({ length: 7 }, () => ({ isDefault: true }))); // 3% of 700 = 21, 8% = 56
    expect([r.serviceFeeCents, r.estimatedTaxCents]).toEqual([51, 56]);
    const h = priceChanges(Array.from({ length: 50 }, (_, i) => ({ isDefault: i === 0 }))); // 9900: 297, 792
    expect([h.serviceFeeCents, h.estimatedTaxCents]).toEqual([327, 792]);
  });

  it('nothing to buy costs nothing, not even the fee', () => {
    const none = priceChanges([]);
    expect(Object.keys(none)).toHaveLength(7);
    expect(new Set(Object.values(none))).toEqual(new Set([0]));
  });

  it('Save/Pay has three labels; Pay shows the estimate with tax the payment modal opens at', () => {
    // 1.00 + 0.33 fee + 0.08 estimated tax
    expect(saveLabel(3, priceChanges([{ isDefault: true }]))).toEqual({ kind: 'pay', text: 'Pay $1.41' });
    const order = priceChanges([{ isDefault: true }, { isDefault: true }, { isDefault: false }]);
    expect(saveLabel(3, order).text).toBe(
      `Pay $${(estimateBreakdown(2, 1).totalAmountCents / 100).toFixed(2)}`,
    );
    expect(saveLabel(2, priceChanges([])).text).toBe('Save');
    expect(saveLabel(0, priceChanges([])).text).toBe('Saved');
  });
});

describe('colour input', () => {
  it('has the ten quick colours and the green default', () => {
    expect(QUICK_COLOURS).toHaveLength(10);
    expect(DEFAULT_PICKER_COLOUR).toBe('#188118');
  });
});

describe('zoom', () => {
  it('stays within 0.3 and 3', () => {
    expect(wheelZoom(1, -10_000, 0, false)).toBe(3);
    expect(wheelZoom(1, 10_000, 0, false)).toBe(0.3);
  });

  it('uses 0.002 per pixel on desktop and 0.001 on mobile', () => {
    expect(wheelZoom(1, -100, 0, false)).toBeCloseTo(1.2);
    expect(wheelZoom(1, -100, 0, true)).toBeCloseTo(1.1);
    // a line counts as 16 px
    expect(wheelZoom(1, -1, 1, false)).toBeCloseTo(1.032);
  });
});
