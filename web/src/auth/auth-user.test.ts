// Normalisation of the server's user and token shapes.
import { describe, expect, it } from 'vitest';
import { toAuthUser, toTokenGrant } from './auth-user.js';

describe('toAuthUser', () => {
  it('reads a snake_case user at top level or under data', () => {
    const raw = { id: 'u1', username: 'ada', email: 'a@b.co', needs_username_selection: false };
    const expected = { id: 'u1', username: 'ada', email: 'a@b.co', needsUsernameSelection: false };
    expect(toAuthUser(raw)).toEqual(expected);
    expect(toAuthUser({ success: true, data: raw })).toEqual(expected);
    expect(toAuthUser({ success: true, data: { user: raw } })).toEqual(expected);
    expect(toAuthUser({ _id: 'u1', username: 'ada', email: 'a@b.co' })).toEqual(expected);
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

  it('accepts the grant under data and tolerates a missing expiry', () => {
    expect(toTokenGrant({ data: { access_token: 'tok' } })).toMatchObject({
      accessToken: 'tok',
      expiresIn: 0,
    });
  });

  it('returns null without an access token', () => {
    expect(toTokenGrant({ expires_in: 5 })).toBeNull();
    expect(toTokenGrant('x')).toBeNull();
  });
});
