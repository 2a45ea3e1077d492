// The session-expired flow for the whole app. The watch starts when this module loads, before the
// first route's beforeLoad can end a session; the component, mounted once in the app frame, lends it
// the router's navigation. It also exposes the dialog opener to scripts
// (window.tessera.openSignInDialog), which the browser tests use to show every variant.
import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { authStore } from '../../auth/index.js';
import { isSignInReason } from './dialog-content.js';
import { watchSessionExpiry } from './session-expiry.js';
import { closeSignInDialog, openSignInDialog } from './sign-in-dialog-store.js';

declare global {
  interface Window {
    tessera?: { openSignInDialog: (reason?: string) => void };
  }
}

let goToLogin: (() => void) | null = null;

watchSessionExpiry({
  auth: authStore,
  openDialog: openSignInDialog,
  toLogin: () => {
    closeSignInDialog();
    goToLogin?.();
  },
});

export function SessionExpiryWatcher() {
  const router = useRouter();

  useEffect(() => {
    goToLogin = () => {
      if (router.state.location.pathname !== '/login') void router.navigate({ to: '/login' });
    };
    return () => {
      goToLogin = null;
    };
  }, [router]);

  useEffect(() => {
    window.tessera = {
      ...window.tessera,
      openSignInDialog: (reason) => openSignInDialog(isSignInReason(reason) ? reason : 'default'),
    };
  }, []);

  return null;
}
