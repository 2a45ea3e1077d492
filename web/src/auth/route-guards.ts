// Guard for protected routes (spec section 4): a guest goes to /login, a user who still has to choose a
// username goes to /select-username, and a session whose access token is gone after a reload is
// renewed from the refresh cookie first. Use in a route's beforeLoad; the route's pendingComponent
// shows the spinner meanwhile.
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context.js';

export async function requireSession(context: Pick<RouterContext, 'auth' | 'api'>): Promise<void> {
  const user = context.auth.getUser();
  if (!context.auth.isSignedIn()) throw redirect({ to: '/login' });
  if (user?.needsUsernameSelection) throw redirect({ to: '/select-username' });
  if (context.auth.isExpiring() && !(await context.api.refreshSession())) {
    context.auth.signOut('session-expired');
    throw redirect({ to: '/login' });
  }
}
