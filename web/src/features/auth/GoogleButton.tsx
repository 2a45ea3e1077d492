// "Continue with Google": a browser redirect to GET /api/auth/google. Which providers are configured
// comes from GET /api/auth/providers, asked when the visitor shows intent (hover, focus, click) or
// when a previous attempt came back with error=oauth_failed (the BFF's answer when none is set up).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OAUTH_START_PATH } from '@tessera/facts/oauth';
import { useApi } from '../../app/router-context.js';
import type { Provider } from './auth-api.js';
import { providersQueryOptions } from './queries.js';

const PROVIDER_ID = 'google';
export const NOT_CONFIGURED_LABEL = 'Google sign-in is not configured';

function googleOf(providers: Provider[] | undefined): Provider | undefined {
  return providers?.find((p) => p.id === PROVIDER_ID);
}

export function GoogleButton({ checkNow }: { checkNow: boolean }) {
  const [intent, setIntent] = useState(checkNow);
  const queryClient = useQueryClient();
  const providersQuery = providersQueryOptions(useApi());
  const { data } = useQuery({ ...providersQuery, enabled: intent || checkNow });
  const [leaving, setLeaving] = useState(false);
  const google = googleOf(data);
  const notConfigured = google !== undefined && !google.configured;

  const start = async () => {
    setLeaving(true);
    let target: Provider | undefined;
    try {
      target = googleOf(await queryClient.fetchQuery(providersQuery));
    } catch {
      target = undefined; // unknown: let the BFF decide (it redirects back when it cannot start)
    }
    if (target && !target.configured) {
      setLeaving(false);
      return;
    }
    window.location.assign(target?.url ?? OAUTH_START_PATH);
  };

  return (
    <button
      type="button"
      className="button button--google button--block"
      disabled={notConfigured || leaving}
      onPointerEnter={() => setIntent(true)}
      onFocus={() => setIntent(true)}
      onClick={() => void start()}
    >
      <GoogleMark />
      {notConfigured ? NOT_CONFIGURED_LABEL : leaving ? 'Redirecting to Google...' : 'Continue with Google'}
    </button>
  );
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.2C12.4 13.7 17.7 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.6c0-1.6-.1-3.1-.4-4.6H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.5c-.5-1.4-.8-2.9-.8-4.5s.3-3.1.8-4.5l-7.9-6.2C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.2z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.3 0-11.6-4.2-13.4-10l-7.9 6.2C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
