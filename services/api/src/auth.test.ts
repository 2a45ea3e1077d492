import { describe, expect, it } from 'vitest';
import { OAuthExchangeResponse, TokenResponse, UserResponse } from './auth.js';

const user = { id: 'u1', username: null, email: 'ada@example.com', needs_username_selection: true };

describe('the auth bodies', () => {
  it('accepts the token response and refuses a camelCase token or a user without an id', () => {
    const body = { success: true, access_token: 'at', expires_in: 900, token_type: 'Bearer', user };
    expect(TokenResponse.parse(body)).toEqual(body);
    const { access_token: token, ...rest } = body;
    expect(TokenResponse.safeParse({ ...rest, accessToken: token }).success).toBe(false);
    expect(TokenResponse.safeParse({ ...body, user: { ...user, id: '' } }).success).toBe(false);
  });

  it('needs the top-level flag of the OAuth exchange, and the user both at the top level and under data', () => {
    const token = { success: true, access_token: 'at', expires_in: 900, token_type: 'Bearer', user };
    expect(OAuthExchangeResponse.safeParse(token).success).toBe(false);
    expect(OAuthExchangeResponse.parse({ ...token, needs_username_selection: true })).toMatchObject({
      needs_username_selection: true,
    });
    expect(UserResponse.parse({ success: true, data: user, ...user })).toMatchObject({
      data: user,
      id: 'u1',
    });
    expect(UserResponse.safeParse({ success: true, data: user }).success).toBe(false);
  });
});
