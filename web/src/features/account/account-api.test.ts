import { describe, expect, it } from 'vitest';
import { toAccount } from './account-api.js';

describe('the account answer', () => {
  it('reads username, e-mail and the pixel choice, and refuses anything else', () => {
    expect(
      toAccount({
        success: true,
        data: { username: 'ada', email: 'a@x.io', show_username_on_pixels: false },
      }),
    ).toEqual({ username: 'ada', email: 'a@x.io', showUsernameOnPixels: false });
    expect(
      toAccount({ data: { username: null, email: 'a@x.io', show_username_on_pixels: true } }),
    ).toMatchObject({
      username: null,
      showUsernameOnPixels: true,
    });
    expect(toAccount({ data: { email: 'a@x.io', show_username_on_pixels: 'yes' } })).toBeNull();
    expect(toAccount({ data: { show_username_on_pixels: true } })).toBeNull();
  });
});
