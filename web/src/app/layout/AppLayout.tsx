// The page frame around every route: skip link, header, status bar, main landmark, footer, toasts,
// the sign-in dialog and the session-expired flow, and the background access-token refresh.
// Routes marked staticData.fullScreen (the board editor) draw their own frame.
import { useEffect, useRef } from 'react';
import { HeadContent, Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { authStore } from '../../auth/index.js';
import { startTokenRefresh } from '../../auth/token-refresh.js';
import { SessionExpiryWatcher } from '../../features/auth-dialog/SessionExpiryWatcher.js';
import { SignInDialog } from '../../features/auth-dialog/SignInDialog.js';
import { useApi } from '../router-context.js';
import { InitializingBar } from '../status/InitializingBar.js';
import { Toaster } from '../toast/Toaster.js';
import { SiteFooter } from './SiteFooter.js';
import { SiteHeader } from './SiteHeader.js';

export function AppLayout() {
  const fullScreen = useMatches({
    select: (matches) => matches.some((m) => m.staticData.fullScreen === true),
  });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);
  const api = useApi();

  // Keep the access token fresh: renewed from the refresh cookie 120 s before it expires.
  useEffect(() => startTokenRefresh({ auth: authStore, refresh: () => api.refreshSession() }), [api]);

  // After client-side navigation, move focus to the new page so screen readers start there.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={fullScreen ? 'app app--fullscreen' : 'app'}>
      <HeadContent />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {!fullScreen && <SiteHeader />}
      <InitializingBar />
      <main id="main" ref={mainRef} tabIndex={-1} className="app__main">
        <Outlet />
      </main>
      {!fullScreen && <SiteFooter />}
      <Toaster />
      <SignInDialog />
      <SessionExpiryWatcher />
    </div>
  );
}
