// Return from the external identity provider (spec section 4): exchange the one-time token for a
// session, once, then go on to the username choice or the canvas. Failures show "Authentication Error"
// and go back to /login after 3 s; a used or expired token goes there silently.
import { useEffect, useRef, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { LOGIN_PAGE, OAUTH_CALLBACK_PAGE, OAUTH_FAILED } from '@tessera/facts/oauth';
import { Spinner } from '../../components/Spinner.js';
import { useTimeout } from '../../lib/use-timeout.js';
import { friendlyMessage } from '../../api/messages.js';
import { exchangeOAuthToken } from './auth-api.js';
import { AuthCard } from './AuthCard.js';
import { FormBanner } from './FormBanner.js';
import { CALLBACK_MESSAGES, DELAYS } from './auth-messages.js';
import { isSilentExchangeFailure, startCallback } from './callback-flow.js';
import { useAuthDeps } from './use-auth-deps.js';

const route = getRouteApi(OAUTH_CALLBACK_PAGE);

export function AuthCallbackPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const deps = useAuthDeps();
  const [error, setError] = useState<string | null>(null);
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const start = startCallback(search);
    // The exchange token is single-use: take it out of the address bar and history at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (start.kind === 'to-login') {
      void navigate({ to: LOGIN_PAGE, replace: true });
      return;
    }
    if (start.kind === 'error') {
      setError(start.message);
      return;
    }
    exchangeOAuthToken(deps, start.token).then(
      (to) => void navigate({ to, replace: true }),
      (failure: unknown) => {
        if (isSilentExchangeFailure(failure)) {
          void navigate({ to: LOGIN_PAGE, replace: true });
          return;
        }
        deps.auth.signOut('invalid-data');
        setError(friendlyMessage(failure));
      },
    );
  }, [search, navigate, deps]);

  useTimeout(
    () => void navigate({ to: LOGIN_PAGE, search: { error: OAUTH_FAILED }, replace: true }),
    error === null ? null : DELAYS.afterOAuthFailure,
  );

  if (error !== null) {
    return (
      <AuthCard titleId="callback-title">
        <h1 id="callback-title">{CALLBACK_MESSAGES.title}</h1>
        <FormBanner message={error} />
        <p className="auth-card__redirect">{CALLBACK_MESSAGES.redirecting}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard titleId="callback-title">
      <h1 id="callback-title" className="visually-hidden">
        Signing in
      </h1>
      <Spinner label={CALLBACK_MESSAGES.working} size="lg" />
    </AuthCard>
  );
}
