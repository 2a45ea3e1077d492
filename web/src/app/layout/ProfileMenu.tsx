// Signed-in header block: "Welcome, {username}" and an avatar button opening the profile menu.
import { useCallback, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { MY_PIXELS_PATH } from '@tessera/facts/purchases';
import type { AuthUser } from '../../auth/auth-user.js';
import { useMenuDisclosure } from '../../lib/use-disclosure.js';
import { useApi } from '../router-context.js';
import { signOut } from '../session.js';

export function displayName(user: AuthUser): string {
  return user.username ?? user.email.split('@')[0] ?? user.email;
}

export function Avatar({ user, size = 'md' }: { user: AuthUser; size?: 'md' | 'lg' }) {
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {displayName(user).charAt(0).toUpperCase()}
    </span>
  );
}

export function useSignOut(): { signingOut: boolean; run: () => void } {
  const navigate = useNavigate();
  const api = useApi();
  const [signingOut, setSigningOut] = useState(false);
  const run = useCallback(() => {
    setSigningOut(true);
    void signOut(api).finally(() => {
      setSigningOut(false);
      void navigate({ to: '/login' });
    });
  }, [api, navigate]);
  return { signingOut, run };
}

/** Avatar, a name line and the e-mail (profile panel and mobile menu). */
export function AccountSummary({ user, name }: { user: AuthUser; name: string }) {
  return (
    <div className="profile__identity">
      <Avatar user={user} size="lg" />
      <div>
        <p className="profile__name" title={name}>
          {name}
        </p>
        <p className="profile__email" title={user.email}>
          {user.email}
        </p>
      </div>
    </div>
  );
}

/** A link in the signed-in panels (the profile menu and the mobile menu): My pixels, Your account. */
export function MenuLink({
  to,
  label,
  onNavigate,
}: {
  to: typeof MY_PIXELS_PATH | '/account';
  label: string;
  onNavigate?: () => void;
}) {
  return (
    <Link to={to} className="button button--secondary button--block" onClick={onNavigate}>
      {label}
    </Link>
  );
}

/** "Sign Out" ("Signing out..." while it runs), then /login. */
export function SignOutButton() {
  const { signingOut, run } = useSignOut();
  return (
    <button
      type="button"
      className="button button--secondary button--block"
      onClick={run}
      disabled={signingOut}
    >
      {signingOut ? 'Signing out...' : 'Sign Out'}
    </button>
  );
}

export function ProfileMenu({ user }: { user: AuthUser }) {
  const { open, close, panelId, buttonRef, panelRef, toggleProps } = useMenuDisclosure();
  const name = displayName(user);

  return (
    <div className="profile">
      <span className="profile__welcome" title={`Welcome, ${name}`}>
        Welcome, {name}
      </span>
      <button
        ref={buttonRef}
        className="profile__trigger"
        aria-label={`Account menu for ${name}`}
        {...toggleProps}
      >
        <Avatar user={user} />
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className="profile__panel"
          role="group"
          aria-label="Account"
          data-toast-anchor=""
        >
          <AccountSummary user={user} name={name} />
          <MenuLink to={MY_PIXELS_PATH} label="My pixels" onNavigate={close} />
          <MenuLink to="/account" label="Your account" onNavigate={close} />
          <SignOutButton />
        </div>
      )}
    </div>
  );
}
