// /account (signed in): the username and e-mail (shown to their user only) and the choice whether pixel
// info names the user on the pixels they buy, or says "Anonymous". Saved at once when switched.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../app/router-context.js';
import { useAuth } from '../../auth/use-auth.js';
import { openSignInDialog } from '../auth-dialog/index.js';
import { Spinner } from '../../components/Spinner.js';
import { ANONYMOUS } from '../pixel-info/pixel-info-text.js';
import { pixelInfoKeys } from '../pixel-info/pixel-info-api.js';
import { accountQueryKey, fetchAccount, setShowUsername } from './account-api.js';
import './account.css';

export const SHOW_USERNAME_LABEL = 'Show my username on pixels I buy';

export function AccountPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const signedIn = user !== null;
  const query = useQuery({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => fetchAccount(api, signal),
    enabled: signedIn,
  });
  const save = useMutation({
    mutationFn: (show: boolean) => setShowUsername(api, show),
    // a read of the account still in flight would answer the old choice after this save: drop it
    onMutate: () => queryClient.cancelQueries({ queryKey: accountQueryKey }),
    onSettled: () => setChoice(null),
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueryKey, account);
      void queryClient.invalidateQueries({ queryKey: pixelInfoKeys.all });
    },
  });
  const account = query.data;
  // the switch shows the new choice at once (set in the click's own render), until the save settles
  const [choice, setChoice] = useState<boolean | null>(null);

  return (
    <section className="page page--narrow account" aria-labelledby="account-title">
      <header className="page-header">
        <h1 id="account-title">Your account</h1>
      </header>
      {!signedIn && (
        <div className="account__signed-out">
          <p>Sign in to see your account.</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => openSignInDialog('protected-action')}
          >
            Sign in
          </button>
        </div>
      )}
      {signedIn && query.isPending && <Spinner label="Loading your account..." size="md" />}
      {query.isError && (
        <p className="account__error" role="alert">
          Your account could not be loaded.{' '}
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            Retry
          </button>
        </p>
      )}
      {account && (
        <>
          <dl className="account__details">
            <dt>Username</dt>
            <dd>{account.username ?? 'Not chosen yet'}</dd>
            <dt>E-mail</dt>
            <dd>
              {account.email}
              <span className="account__note">Only you see your e-mail address.</span>
            </dd>
          </dl>
          <h2 className="account__heading">Your pixels</h2>
          <label className="account__switch">
            <input
              type="checkbox"
              checked={choice ?? account.showUsernameOnPixels}
              disabled={save.isPending}
              onChange={(e) => {
                const show = e.currentTarget.checked;
                setChoice(show);
                save.mutate(show);
              }}
            />
            <span>{SHOW_USERNAME_LABEL}</span>
          </label>
          <p className="account__note">
            When this is off, anyone who looks at a pixel you bought sees &ldquo;{ANONYMOUS}&rdquo; instead of
            your username.
          </p>
          <p className="account__status" role="status">
            {save.isSuccess && 'Saved'}
            {save.isError && 'Your choice could not be saved. Please try again.'}
          </p>
        </>
      )}
    </section>
  );
}
