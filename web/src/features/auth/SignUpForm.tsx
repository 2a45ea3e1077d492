// Sign Up: username, e-mail, password with strength meter and security note, confirmation. Create
// Account stays disabled until the password has 8+ characters; success waits 1.5 s, then the canvas.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTimeout } from '../../lib/use-timeout.js';
import { register, type AfterSignIn } from './auth-api.js';
import { DELAYS, PASSWORD_FLOW_MESSAGES } from './auth-messages.js';
import { FormBanner } from './FormBanner.js';
import { SecurityNote, StrengthMeter } from './StrengthMeter.js';
import { EmailField, PasswordField, TextField } from './TextField.js';
import { useAuthDeps } from './use-auth-deps.js';
import { fieldBinder, useAuthSubmit } from './use-auth-submit.js';
import { canSubmitRegister, validateRegister, type RegisterValues } from './validation.js';

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
const EMPTY: RegisterValues = { username: '', email: '', password: '', confirmPassword: '' };

export function SignUpForm({ initialEmail }: { initialEmail: string }) {
  const deps = useAuthDeps();
  const navigate = useNavigate();
  const [values, setValues] = useState<RegisterValues>({ ...EMPTY, email: initialEmail });
  const [done, setDone] = useState<AfterSignIn | null>(null);
  const { busy, failure, onSubmit, clearField } = useAuthSubmit({
    ready: done === null && canSubmitRegister(values.password),
    validate: () => validateRegister(values),
    send: () => register(deps, values),
    onSuccess: setDone,
    fallback: 'Registration failed. Please try again.',
    fields: FIELDS,
    staysBusy: true,
  });

  useTimeout(
    () => {
      if (done !== null) void navigate({ to: done, replace: true });
    },
    done === null ? null : DELAYS.afterRegistration,
  );

  const field = fieldBinder(values, setValues, { failure, clearField });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Sign Up">
      <FormBanner message={failure.banner} />
      <FormBanner kind="success" message={done !== null ? PASSWORD_FLOW_MESSAGES.registered : null} />
      <TextField label="Username" autoComplete="username" {...field('username')} />
      <EmailField {...field('email')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        {...field('password')}
        hint={values.password ? <StrengthMeter password={values.password} /> : undefined}
      />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...field('confirmPassword')} />
      <SecurityNote />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy || done !== null || !canSubmitRegister(values.password)}
      >
        {busy && done === null ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}
