// Username gate.
import { describe, expect, it } from 'vitest';
import { needsUsernameRedirect } from './guards.js';

describe('needsUsernameRedirect', () => {
  const pending = { needsUsernameSelection: true };
  it('sends users without a username to /select-username from everywhere but the allowed pages', () => {
    expect(needsUsernameRedirect(pending, '/canvas')).toBe(true);
    expect(needsUsernameRedirect(pending, '/canvas/art/3')).toBe(true);
    expect(needsUsernameRedirect(pending, '/select-username')).toBe(false);
    expect(needsUsernameRedirect(pending, '/terms/')).toBe(false);
    expect(needsUsernameRedirect(pending, '/auth/callback')).toBe(false);
  });

  it('leaves guests and users with a username alone', () => {
    expect(needsUsernameRedirect(null, '/canvas')).toBe(false);
    expect(needsUsernameRedirect({ needsUsernameSelection: false }, '/canvas')).toBe(false);
  });
});
