// Sign In: e-mail and password; Enter submits. INVALID_CREDENTIALS flags both fields.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { login } from './auth-api.js';
import { FormBanner } from './FormBanner.js';
import { EmailField, PasswordField } from './TextField.js';
import { useAuthDeps } from './use-auth-deps.js';
import { fieldBinder, useAuthSubmit } from './use-auth-submit.js';
import { validateLogin } from './validation.js';

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
  const [values, setValues] = useState({ email: initialEmail, password: '' });
  const { email, password } = values;
  const { busy, failure, onSubmit, clearField } = useAuthSubmit({
    validate: () => validateLogin({ email, password }),
    send: () => login(deps, email, password),
    onSuccess: (to) => navigate({ to, replace: true }),
    fallback: 'Sign in failed. Please try again.',
    fields: FIELDS,
    staysBusy: true,
  });
  const field = fieldBinder(values, setValues, { failure, clearField });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Sign In">
      <FormBanner message={failure.banner} />
      <EmailField {...field('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
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
