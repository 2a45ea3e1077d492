// One-time username choice after an OAuth sign-up: live validation, Continue ("Setting username..."),
// the server's answer in an orange banner, then the canvas.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { updateUsername } from './auth-api.js';
import { AuthCard } from './AuthCard.js';
import { FormBanner } from './FormBanner.js';
import { TextField } from './TextField.js';
import { useAuthDeps } from './use-auth-deps.js';
import { useAuthSubmit } from './use-auth-submit.js';
import { USERNAME_LIMIT, USERNAME_MIN, usernameMessage } from '@tessera/facts/account';

export const USERNAME_RULES = [
  `Between ${USERNAME_MIN} and ${USERNAME_LIMIT - 1} characters`,
  'Letters, numbers and underscores only',
  'Not already taken by another artist or collector',
];

export function SelectUsernamePage() {
  const deps = useAuthDeps();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = usernameMessage(username);
  // The rule under the field is checked as the user types; every server answer goes in the banner.
  const { busy, failure, onSubmit, clearFailure } = useAuthSubmit({
    ready: problem === null,
    send: () => updateUsername(deps, username),
    onSuccess: () => navigate({ to: '/canvas', replace: true }),
    fallback: 'Failed to set username. Please try again.',
    staysBusy: true,
  });

  return (
    <AuthCard titleId="select-username-title">
      <h1 id="select-username-title">Choose Your Username</h1>
      <p className="lead">Pick a unique username for your account</p>
      <FormBanner kind="warning" message={failure.banner} />
      <form
        className="auth-form"
        onSubmit={(event) => {
          setTouched(true);
          onSubmit(event);
        }}
        noValidate
        aria-label="Choose Your Username"
      >
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoFocus
          maxLength={USERNAME_LIMIT + 10}
          value={username}
          error={touched ? (problem ?? undefined) : undefined}
          onChange={(e) => {
            setUsername(e.target.value);
            setTouched(true);
            clearFailure();
          }}
        />
        <div className="requirements">
          <h2 className="requirements__title">Username requirements</h2>
          <ul>
            {USERNAME_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </div>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={problem !== null || busy}
        >
          {busy ? 'Setting username...' : 'Continue'}
        </button>
      </form>
      <ul className="auth-notes">
        <li>You can only set your username once</li>
        <li>Your data is encrypted and secure</li>
      </ul>
    </AuthCard>
  );
}
