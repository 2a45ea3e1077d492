// Forgot password: step 1 sends a 6-digit code to the e-mail, step 2 sets a new password with it.
// Resend has a 60 s cooldown; success returns to Sign In after 2 s.
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../api/index.js';
import { requestResetCode } from './auth-api.js';
import {
  DELAYS,
  NO_FAILURE,
  PASSWORD_FLOW_MESSAGES as MSG,
  RESEND_COOLDOWN_S,
  formFailure,
  type FormFailure,
} from './auth-messages.js';
import { ResetCodeStep } from './ResetCodeStep.js';
import { TextField } from './TextField.js';
import { hasErrors, validateResetEmail } from './validation.js';

export function ForgotPassword({
  initialEmail,
  onBackToSignIn,
}: {
  initialEmail: string;
  onBackToSignIn: (email: string) => void;
}) {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => onBackToSignIn(email), DELAYS.afterReset);
    return () => clearTimeout(timer);
  }, [done, email, onBackToSignIn]);

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const errors = validateResetEmail(email);
    if (hasErrors(errors)) {
      setFailure({ banner: null, fields: errors, flagged: [] });
      return;
    }
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      await requestResetCode(api, email);
      setResendAt(Date.now() + RESEND_COOLDOWN_S * 1000);
      setStep('code');
    } catch (error) {
      setFailure(formFailure(error, MSG.sendFailed, ['email']));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'code') {
    return (
      <ResetCodeStep
        email={email}
        resendAt={resendAt}
        onResent={() => setResendAt(Date.now() + RESEND_COOLDOWN_S * 1000)}
        onDone={() => setDone(true)}
        onBackToEmail={() => setStep('email')}
        onBackToSignIn={() => onBackToSignIn(email)}
      />
    );
  }

  return (
    <form className="auth-form" onSubmit={(e) => void sendCode(e)} noValidate aria-label="Reset password">
      <h2 className="auth-form__title">Forgot your password?</h2>
      <p className="auth-form__intro">
        Enter the email address of your account and we will send you a 6-digit reset code.
      </p>
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
        onChange={(e) => {
          setEmail(e.target.value);
          setFailure(NO_FAILURE);
        }}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Sending...' : 'Send Reset Code'}
      </button>
      <button type="button" className="link-button auth-form__back" onClick={() => onBackToSignIn(email)}>
        Back to Sign In
      </button>
    </form>
  );
}
