// The hooks read the app's one session store by its own rules (rendered once on the server renderer:
// the unit tests run without a DOM).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from './index.js';
import { useSignedIn } from './use-auth.js';

function SignedIn() {
  return useSignedIn() ? 'in' : 'out';
}

const render = () => renderToString(createElement(SignedIn));

afterEach(() => authStore.signOut('logout'));

describe('useSignedIn', () => {
  it('counts a user record or an access token, as AuthStore.isSignedIn does', () => {
    expect(render()).toBe('out');
    authStore.setSession({ accessToken: 't', expiresIn: 900 });
    expect(authStore.getUser()).toBeNull();
    expect(render()).toBe('in');
    authStore.signOut('logout');
    authStore.setUser({ id: 'u1', username: 'ada', email: 'ada@example.com', needsUsernameSelection: false });
    expect(render()).toBe('in');
    authStore.signOut('logout');
    expect(render()).toBe('out');
  });
});
