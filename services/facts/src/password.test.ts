import { describe, expect, it } from 'vitest';
import { passwordScore } from './password.js';

describe('passwordScore', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['abcdefgh', 2],
    ['Abcdefgh', 3],
    ['Abcdefgh1', 4],
    ['Abcdefgh1!', 5],
    ['Abcdefgh1!xy', 6],
    ['!!!!!!!!!!!!', 3],
  ])('%j scores %i', (password, score) => {
    expect(passwordScore(password)).toBe(score);
  });
});
