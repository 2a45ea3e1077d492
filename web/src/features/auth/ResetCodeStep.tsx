// Forgot password, step 2: the 6-digit code (digits only) and the new password, "Reset Password",
// resend with its countdown, and the ways back.
import { useState } from 'react';
import { RESET_CODE_EXPIRY_TEXT, RESET_CODE_LENGTH, RESET_MESSAGES } from '@tessera/facts/account';
import { useApi } from '../../app/router-context.js';
import { requestResetCode, resetPassword } from './auth-api.js';
import { friendlyMessage } from '../../api/messages.js';
import { PASSWORD_FLOW_MESSAGES as MSG } from './auth-messages.js';
import { FormBanner } from './FormBanner.js';
import { PasswordField, TextField } from './TextField.js';
import { useAuthSubmit } from './use-auth-submit.js';
import { useCountdown } from './use-countdown.js';
import { sanitizeCode, validateReset } from './validation.js';

type Notice = { kind: 'success' | 'error'; text: string } | null;

export function ResetCodeStep(props: {
  email: string;
  resendAt: number | null;
  onResent: () => void;
  onDone: () => void;
  onBackToEmail: () => void;
  onBackToSignIn: () => void;
}) {
  const api = useApi();
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [notice, setNotice] = useState<Notice>({ kind: 'success', text: RESET_MESSAGES.codeSent });
  const [resending, setResending] = useState(false);
  const [done, setDone] = useState(false);
  const cooldown = useCountdown(props.resendAt);
  const { busy, failure, onSubmit, clearFailure } = useAuthSubmit({
    ready: !done,
    validate: () => validateReset({ code, newPassword }),
    send: () => {
      setNotice(null);
      return resetPassword(api, { email: props.email, otp: code, newPassword });
    },
    onSuccess: () => {
      setDone(true);
      setNotice({ kind: 'success', text: RESET_MESSAGES.passwordReset });
      setCode('');
      setNewPassword('');
      props.onDone();
    },
    fallback: MSG.resetFailed,
    fields: ['code', 'newPassword'],
    fieldAliases: { otp: 'code' },
  });
  /** A field edit: the new value, and the last failure cleared. */
  const edit = (set: (value: string) => void, value: string) => {
    set(value);
    clearFailure();
  };

  const resend = async () => {
    if (cooldown > 0 || resending) return;
    setResending(true);
    setNotice(null);
    try {
      await requestResetCode(api, props.email);
      setNotice({ kind: 'success', text: MSG.codeResent });
      props.onResent();
    } catch (error) {
      setNotice({ kind: 'error', text: friendlyMessage(error, MSG.resendFailed) });
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Reset password">
      <h2 className="auth-form__title">Enter your reset code</h2>
      <p className="auth-form__intro">
        We sent a {RESET_CODE_LENGTH}-digit code to <strong>{props.email}</strong>. {RESET_CODE_EXPIRY_TEXT}.
      </p>
      {notice && <FormBanner kind={notice.kind} message={notice.text} />}
      <FormBanner message={failure.banner} />
      <TextField
        label="Reset code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        placeholder="000000"
        className="field__input field__input--code"
        value={code}
        error={failure.fields.code}
        disabled={done}
        onChange={(e) => edit(setCode, sanitizeCode(e.target.value))}
      />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        value={newPassword}
        error={failure.fields.newPassword}
        disabled={done}
        onChange={(e) => edit(setNewPassword, e.target.value)}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy || done}>
        {busy ? 'Resetting...' : 'Reset Password'}
      </button>
      <p className="auth-form__resend">
        Didn&apos;t get it?{' '}
        <button
          type="button"
          className="link-button"
          disabled={cooldown > 0 || resending || done}
          onClick={() => void resend()}
        >
          {cooldown > 0 ? `Resend code in ${cooldown}s` : resending ? 'Resending...' : 'Resend code'}
        </button>
      </p>
      <div className="auth-form__links">
        <button type="button" className="link-button" onClick={props.onBackToEmail} disabled={done}>
          Back to email entry
        </button>
        <button type="button" className="link-button" onClick={props.onBackToSignIn}>
          Back to Sign In
        </button>
      </div>
    </form>
  );
}
