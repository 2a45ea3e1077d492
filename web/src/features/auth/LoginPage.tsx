// The sign-in screen: Sign In and Sign Up tabs, the forgot-password flow, "Continue with Google",
// the failed-OAuth notice and the legal links.
import { useCallback, useState } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { LOGIN_PAGE, OAUTH_FAILED } from '@tessera/facts/oauth';
import { PillTabs, type PillTab } from '../../components/PillTabs.js';
import { AuthCard } from './AuthCard.js';
import { ForgotPassword } from './ForgotPassword.js';
import { FormBanner } from './FormBanner.js';
import { GoogleButton } from './GoogleButton.js';
import { SignInForm } from './SignInForm.js';
import { SignUpForm } from './SignUpForm.js';

const route = getRouteApi(LOGIN_PAGE);

export const OAUTH_FAILED_MESSAGE = 'Signing in with your provider did not complete. Please try again.';

export type LoginMode = 'signin' | 'signup' | 'forgot';

type Tab = 'signin' | 'signup';

const TABS: ReadonlyArray<PillTab<Tab>> = [
  { value: 'signin', content: 'Sign In', id: 'auth-tab-signin' },
  { value: 'signup', content: 'Sign Up', id: 'auth-tab-signup' },
];

export function LoginPage() {
  const { error } = route.useSearch();
  const [mode, setMode] = useState<LoginMode>('signin');
  const [email, setEmail] = useState('');
  // Remounting a form (new key) clears its fields, e.g. after a password reset.
  const [formKey, setFormKey] = useState(0);

  const backToSignIn = useCallback((fromEmail: string) => {
    setEmail(fromEmail);
    setFormKey((k) => k + 1);
    setMode('signin');
  }, []);

  return (
    <AuthCard titleId="login-title">
      <h1 id="login-title">Welcome to Tessera</h1>
      <p className="lead">Sign in to lock a board, buy pixels and vote for the next featured artist.</p>
      <FormBanner message={error === OAUTH_FAILED ? OAUTH_FAILED_MESSAGE : null} />
      {mode === 'forgot' ? (
        <ForgotPassword key={formKey} initialEmail={email} onBackToSignIn={backToSignIn} />
      ) : (
        <>
          <PillTabs<Tab>
            className="auth-tabs"
            label="Sign in or create an account"
            tabs={TABS}
            selected={mode}
            controls="auth-panel"
            onSelect={setMode}
          />
          <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${mode}`}>
            {mode === 'signin' ? (
              <SignInForm
                key={formKey}
                initialEmail={email}
                onForgotPassword={(current) => {
                  setEmail(current);
                  setMode('forgot');
                }}
              />
            ) : (
              <SignUpForm initialEmail={email} />
            )}
          </div>
          <div className="divider auth-divider" role="separator">
            <span>or</span>
          </div>
          <GoogleButton checkNow={error === OAUTH_FAILED} />
        </>
      )}
      <p className="auth-card__legal">
        By continuing you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </AuthCard>
  );
}
