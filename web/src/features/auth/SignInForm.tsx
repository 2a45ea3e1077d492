// Sign In: e-mail and password; Enter submits. INVALID_CREDENTIALS flags both fields.
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { login } from './auth-api.js';
import { formFailure, NO_FAILURE, type FormFailure } from './auth-messages.js';
import { PasswordField, TextField } from './TextField.js';
import { useAuthDeps } from './use-auth-deps.js';
import { hasErrors, validateLogin } from './validation.js';

const FIELDS = ['email', 'password'] as const;

export function SignInForm({
  initialEmail,
  onForgotPassword,
}: {
  initialEmail: string;
  onForgotPassword: (email: string) => void;
}) {
  const deps = useAuthDeps();
  const navigate = useNavigate();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const errors = validateLogin({ email, password });
    if (hasErrors(errors)) {
      setFailure({ banner: null, fields: errors, flagged: [] });
      return;
    }
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      const to = await login(deps, email, password);
      await navigate({ to, replace: true });
    } catch (error) {
      setFailure(formFailure(error, 'Sign in failed. Please try again.', FIELDS));
      setBusy(false);
    }
  };

  const clearField = (name: string) =>
    setFailure((f) => ({ ...f, fields: { ...f.fields, [name]: undefined } }));

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Sign In">
      {failure.banner && (
        <div className="banner banner--error" role="alert">
          {failure.banner}
        </div>
      )}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={failure.fields.email}
        flagged={failure.flagged.includes('email')}
        onChange={(e) => {
          setEmail(e.target.value);
          clearField('email');
        }}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        error={failure.fields.password}
        flagged={failure.flagged.includes('password')}
        onChange={(e) => {
          setPassword(e.target.value);
          clearField('password');
        }}
      />
      <div className="auth-form__row">
        <button type="button" className="link-button" onClick={() => onForgotPassword(email)}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
