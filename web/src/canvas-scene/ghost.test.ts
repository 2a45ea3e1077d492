import { describe, expect, it } from 'vitest';
import {
  compositeOpacity,
  GHOST_OPACITY,
  GHOST_STORAGE_KEY,
  ghostColour,
  readGhostSetting,
  writeGhostSetting,
} from './ghost.js';
import { memoryStorage } from '../lib/memory-storage.fixture.js';

describe('the ghost setting', () => {
  it('is on until turned off, and the choice is kept', () => {
    const storage = memoryStorage();
    expect(readGhostSetting(storage)).toBe(true);
    writeGhostSetting(storage, false);
    expect(storage.getItem(GHOST_STORAGE_KEY)).toBe('off');
    expect(readGhostSetting(storage)).toBe(false);
    writeGhostSetting(storage, true);
    expect(readGhostSetting(storage)).toBe(true);
  });

  it('is on when storage is missing or throws', () => {
    expect(readGhostSetting(null)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readGhostSetting(broken)).toBe(true);
    expect(() => writeGhostSetting(broken, false)).not.toThrow();
  });
});

describe('compositeOpacity', () => {
  it('live mode: the live image, and the preview faintly over it only with the ghost on', () => {
    expect(compositeOpacity('live', 'live', true)).toBe(1);
    expect(compositeOpacity('preview', 'live', true)).toBe(GHOST_OPACITY);
    expect(compositeOpacity('preview', 'live', false)).toBe(0);
  });

  it('preview mode keeps its meaning: the preview fully, whatever the ghost', () => {
    for (const ghost of [true, false]) {
      expect(compositeOpacity('preview', 'preview', ghost)).toBe(1);
      expect(compositeOpacity('live', 'preview', ghost)).toBe(0);
    }
  });
});

describe('ghostColour', () => {
  it('fades a colour over white by the ghost opacity', () => {
    // black at 0.3 over white: 255 - 255 x 0.3 = 178.5 -> 179 (0xB3)
    expect(ghostColour('#000000')).toBe('#B3B3B3');
    expect(ghostColour('#FFFFFF')).toBe('#FFFFFF');
    expect(ghostColour('#FF0000', 1)).toBe('#FF0000');
    expect(ghostColour('not a colour')).toBe('#FFFFFF');
  });
});
