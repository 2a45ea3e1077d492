// The header's items behind a menu button at 768 px and below. Escape or a press outside closes it
// and returns focus to the button; opening moves focus to the first item; navigating closes it.
import { useEffect, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { AuthUser } from '../../auth/auth-user.js';
import { useMenuDisclosure } from '../../lib/use-disclosure.js';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query.js';
import { MY_PIXELS_PATH } from '@tessera/facts/purchases';
import { NAV_ITEMS } from './nav-items.js';
import { AccountSummary, MenuLink, SignOutButton, displayName } from './ProfileMenu.js';

export function MobileMenu({ user }: { user: AuthUser | null }) {
  const { open, setOpen, close, panelId, buttonRef, panelRef, toggleProps } = useMenuDisclosure();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const isMobile = useMediaQuery(MOBILE_QUERY);

  // Navigating or widening the window past the breakpoint closes the menu.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setOpen(false);
  }
  if (open && !isMobile) setOpen(false);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open, panelRef]);

  return (
    <div className="mobile-menu">
      <button ref={buttonRef} className="mobile-menu__toggle" {...toggleProps}>
        <span className={`hamburger${open ? ' hamburger--open' : ''}`} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
      </button>
      <div ref={panelRef} id={panelId} className="mobile-menu__panel" hidden={!open} data-toast-anchor="">
        <nav aria-label="Main (mobile)">
          <ul className="mobile-menu__list">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="mobile-menu__link"
                  activeOptions={{ includeSearch: false }}
                  onClick={close}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mobile-menu__account">
          {user ? (
            <>
              <AccountSummary user={user} name={`Welcome, ${displayName(user)}`} />
              <MenuLink to={MY_PIXELS_PATH} label="My pixels" onNavigate={close} />
              <MenuLink to="/account" label="Your account" onNavigate={close} />
              <SignOutButton />
            </>
          ) : (
            <Link to="/login" className="button button--primary button--block" onClick={close}>
              Sign In
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
