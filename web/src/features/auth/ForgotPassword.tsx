// Forgot password: step 1 sends a 6-digit code to the e-mail, step 2 sets a new password with it.
// Resend has a 60 s cooldown; success returns to Sign In after 2 s.
import { useState } from 'react';
import { RESET_CODE_LENGTH, RESET_RESEND_COOLDOWN_MS } from '@tessera/facts/account';
import { useApi } from '../../app/router-context.js';
import { useTimeout } from '../../lib/use-timeout.js';
import { requestResetCode } from './auth-api.js';
import { DELAYS, PASSWORD_FLOW_MESSAGES as MSG } from './auth-messages.js';
import { FormBanner } from './FormBanner.js';
import { ResetCodeStep } from './ResetCodeStep.js';
import { EmailField } from './TextField.js';
import { useAuthSubmit } from './use-auth-submit.js';
import { validateResetEmail } from './validation.js';

export function ForgotPassword({
  initialEmail,
  onBackToSignIn,
}: {
  initialEmail: string;
  onBackToSignIn: (email: string) => void;
}) {
  const api = useApi();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const { busy, failure, onSubmit, clearFailure } = useAuthSubmit({
    validate: () => validateResetEmail(email),
    send: () => requestResetCode(api, email),
    onSuccess: () => {
      setResendAt(Date.now() + RESET_RESEND_COOLDOWN_MS);
      setStep('code');
    },
    fallback: MSG.sendFailed,
    fields: ['email'],
  });

  useTimeout(() => onBackToSignIn(email), done ? DELAYS.afterReset : null);

  if (step === 'code') {
    return (
      <ResetCodeStep
        email={email}
        resendAt={resendAt}
        onResent={() => setResendAt(Date.now() + RESET_RESEND_COOLDOWN_MS)}
        onDone={() => setDone(true)}
        onBackToEmail={() => setStep('email')}
        onBackToSignIn={() => onBackToSignIn(email)}
      />
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Reset password">
      <h2 className="auth-form__title">Forgot your password?</h2>
      <p className="auth-form__intro">
        Enter the email address of your account and we will send you a {RESET_CODE_LENGTH}-digit reset code.
      </p>
      <FormBanner message={failure.banner} />
      <EmailField
        value={email}
        error={failure.fields.email}
        onChange={(e) => {
          setEmail(e.target.value);
          clearFailure();
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
