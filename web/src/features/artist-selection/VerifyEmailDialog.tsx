// The verify-e-mail dialog (who may vote, @tessera/facts/eligibility): a signed-in visitor whose vote
// was refused learns why, asks for a 6-digit code by e-mail, enters it here, and their vote is sent
// again. Opened by the vote mutation (verify-email.ts); the page renders it.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  VERIFICATION_MESSAGES,
  VERIFY_CODE_LENGTH,
  VOTE_REFUSAL_MESSAGES,
  isVerifyCodeShape,
} from '@tessera/facts/eligibility';
import { serverMessage } from './artist-selection-api.js';
import { friendlyMessage } from '../../api/messages.js';
import { useApi } from '../../app/router-context.js';
import { toast } from '../../app/toast/toast-store.js';
import { confirmVerificationCode, sendVerificationCode } from '../auth/auth-api.js';
import { FormBanner } from '../auth/FormBanner.js';
import { TextField } from '../auth/TextField.js';
import { ArtistModalForm } from './ArtistModalForm.js';
import './verify-email.css';

export const VERIFY_TEXT = {
  title: 'Verify your e-mail to vote',
  send: 'Send me a code',
  sending: 'Sending...',
  resend: 'Send a new code',
  codeLabel: 'Verification code',
  confirm: 'Verify and vote',
  confirming: 'Verifying...',
  cancel: 'Not now',
} as const;

const errorText = (error: unknown) => serverMessage(error) ?? friendlyMessage(error);

export function VerifyEmailDialog({ onClose, onVerified }: { onClose(): void; onVerified(): void }) {
  const api = useApi();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [banner, setBanner] = useState<string | null>(null);

  const verified = () => {
    toast.success(VERIFICATION_MESSAGES.verified);
    onVerified();
  };
  const send = useMutation({
    mutationFn: () => sendVerificationCode(api),
    onMutate: () => setBanner(null),
    onSuccess: (r) => (r.alreadyVerified ? verified() : setSentMessage(r.message)),
    onError: (error) => setBanner(errorText(error)),
  });
  const confirm = useMutation({
    mutationFn: (value: string) => confirmVerificationCode(api, value),
    onMutate: () => setBanner(null),
    onSuccess: verified,
    onError: (error) => setBanner(errorText(error)),
  });
  const busy = send.isPending || confirm.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (sentMessage === null) {
      send.mutate();
      return;
    }
    const value = code.trim();
    if (!isVerifyCodeShape(value)) {
      setCodeError(VERIFICATION_MESSAGES.codeShape);
      return;
    }
    confirm.mutate(value);
  };

  return (
    <ArtistModalForm
      title={VERIFY_TEXT.title}
      busy={busy}
      className="verify-email"
      onClose={onClose}
      onSubmit={submit}
    >
      <p className="artist-modal__lead">{VOTE_REFUSAL_MESSAGES.ineligible}</p>
      <FormBanner message={banner} />
      {sentMessage !== null && (
        <>
          <FormBanner kind="success" message={sentMessage} />
          <TextField
            label={VERIFY_TEXT.codeLabel}
            name="code"
            value={code}
            error={codeError}
            disabled={busy}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFY_CODE_LENGTH}
            onChange={(event) => {
              setCode(event.target.value);
              setCodeError(undefined);
            }}
          />
        </>
      )}
      <div className="artist-modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
          {VERIFY_TEXT.cancel}
        </button>
        {sentMessage !== null && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => send.mutate()}
            disabled={busy}
          >
            {send.isPending ? VERIFY_TEXT.sending : VERIFY_TEXT.resend}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {sentMessage === null
            ? send.isPending
              ? VERIFY_TEXT.sending
              : VERIFY_TEXT.send
            : confirm.isPending
              ? VERIFY_TEXT.confirming
              : VERIFY_TEXT.confirm}
        </button>
      </div>
    </ArtistModalForm>
  );
}
