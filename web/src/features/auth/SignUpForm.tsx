// Sign Up: username, e-mail, password with strength meter and security note, confirmation. Create
// Account stays disabled until the password has 8+ characters; success waits 1.5 s, then the canvas.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { register, type AfterSignIn } from './auth-api.js';
import {
  DELAYS,
  formFailure,
  NO_FAILURE,
  PASSWORD_FLOW_MESSAGES,
  type FormFailure,
} from './auth-messages.js';
import { SecurityNote, StrengthMeter } from './StrengthMeter.js';
import { PasswordField, TextField } from './TextField.js';
import { useAuthDeps } from './use-auth-deps.js';
import { canSubmitRegister, hasErrors, validateRegister, type RegisterValues } from './validation.js';

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
const EMPTY: RegisterValues = { username: '', email: '', password: '', confirmPassword: '' };

export function SignUpForm({ initialEmail }: { initialEmail: string }) {
  const deps = useAuthDeps();
  const navigate = useNavigate();
  const [values, setValues] = useState<RegisterValues>({ ...EMPTY, email: initialEmail });
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<AfterSignIn | null>(null);

  useEffect(() => {
    if (done === null) return;
    const timer = setTimeout(() => void navigate({ to: done, replace: true }), DELAYS.afterRegistration);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done !== null || !canSubmitRegister(values.password)) return;
    const errors = validateRegister(values);
    if (hasErrors(errors)) {
      setFailure({ banner: null, fields: errors, flagged: [] });
      return;
    }
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      setDone(await register(deps, values));
    } catch (error) {
      setFailure(formFailure(error, 'Registration failed. Please try again.', FIELDS));
      setBusy(false);
    }
  };

  const field = (name: keyof RegisterValues) => ({
    name,
    value: values[name],
    error: failure.fields[name],
    flagged: failure.flagged.includes(name),
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setFailure((f) => ({ ...f, fields: { ...f.fields, [name]: undefined } }));
    },
  });

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Sign Up">
      {failure.banner && (
        <div className="banner banner--error" role="alert">
          {failure.banner}
        </div>
      )}
      {done !== null && (
        <div className="banner banner--success" role="status">
          {PASSWORD_FLOW_MESSAGES.registered}
        </div>
      )}
      <TextField label="Username" autoComplete="username" {...field('username')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
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
