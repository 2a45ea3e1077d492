// Password strength meter of the sign-up form (score 0..6, green from 4) and the security note.
import { passwordStrength, STRENGTH_MAX } from './validation.js';

export function StrengthMeter({ password }: { password: string }) {
  if (password === '') return null;
  const { score, label, strong } = passwordStrength(password);
  const tone = strong ? 'strong' : score >= 3 ? 'fair' : 'weak';
  return (
    <div className={`strength strength--${tone}`} data-score={score}>
      <div
        className="strength__bar"
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={STRENGTH_MAX}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        {Array.from({ length: STRENGTH_MAX }, (_, i) => (
          <span key={i} className={`strength__segment${i < score ? ' strength__segment--on' : ''}`} />
        ))}
      </div>
      <span className="strength__label">
        Strength: <strong>{label}</strong>
      </span>
    </div>
  );
}

export function SecurityNote() {
  return (
    <div className="security-note">
      <p className="security-note__title">For a secure password:</p>
      <ul>
        <li>Use at least 8 characters</li>
        <li>Mix uppercase, lowercase, numbers and symbols</li>
        <li>Avoid personal information such as your name or birthday</li>
      </ul>
    </div>
  );
}
