// Reading the server's user and token shapes (`@tessera/api/auth`) and the stored user.
import { describe, expect, it } from 'vitest';
import { toAuthUser, toResponseUser, toStoredUser, toTokenGrant } from './auth-user.js';

describe('toAuthUser', () => {
  it("reads the contract's snake_case user; a user response under data", () => {
    const raw = { id: 'u1', username: 'ada', email: 'a@b.co', needs_username_selection: false };
    const expected = { id: 'u1', username: 'ada', email: 'a@b.co', needsUsernameSelection: false };
    expect(toAuthUser(raw)).toEqual(expected);
    expect(toResponseUser({ success: true, data: raw, ...raw })).toEqual(expected);
    expect(toResponseUser({ success: true, data: raw })).toEqual(expected);
    // one spelling only: no camelCase or document-store id, no user at the top level of a response
    expect(toAuthUser({ _id: 'u1', username: 'ada', email: 'a@b.co' })).toBeNull();
    expect(toAuthUser({ userId: 'u1', username: 'ada', email: 'a@b.co' })).toBeNull();
    expect(toResponseUser(raw)).toBeNull();
  });

  it('reads the user this app stored (camelCase)', () => {
    const stored = { id: 'u1', username: null, email: 'a@b.co', needsUsernameSelection: false };
    expect(toStoredUser(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(toStoredUser({ username: 'no-id' })).toBeNull();
  });

  it('marks a user without a username as needing one', () => {
    expect(toAuthUser({ id: 7, email: 'a@b.co', username: null })).toEqual({
      id: '7',
      username: null,
      email: 'a@b.co',
      needsUsernameSelection: true,
    });
  });

  it('rejects records without id or e-mail', () => {
    expect(toAuthUser({ email: 'a@b.co' })).toBeNull();
    expect(toAuthUser({ id: 'u1' })).toBeNull();
    expect(toAuthUser([])).toBeNull();
    expect(toAuthUser(null)).toBeNull();
  });
});

describe('toTokenGrant', () => {
  it('reads access_token, expires_in, token_type, user and needs_username_selection', () => {
    expect(
      toTokenGrant({
        access_token: 'tok',
        expires_in: 900,
        token_type: 'Bearer',
        needs_username_selection: true,
        user: { id: 'u1', email: 'a@b.co', username: null },
      }),
    ).toEqual({
      accessToken: 'tok',
      expiresIn: 900,
      tokenType: 'Bearer',
      needsUsernameSelection: true,
      user: { id: 'u1', email: 'a@b.co', username: null, needsUsernameSelection: true },
    });
  });

  it('tolerates a missing expiry', () => {
    expect(toTokenGrant({ access_token: 'tok' })).toMatchObject({ accessToken: 'tok', expiresIn: 0 });
  });

  it('returns null without an access token (one spelling: access_token at the top level)', () => {
    expect(toTokenGrant({ expires_in: 5 })).toBeNull();
    expect(toTokenGrant({ accessToken: 'tok' })).toBeNull();
    expect(toTokenGrant({ data: { access_token: 'tok' } })).toBeNull();
    expect(toTokenGrant('x')).toBeNull();
  });
});
