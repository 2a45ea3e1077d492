// Where signed-in users who still have to choose a username may go (spec section 6: they are
// confined to username selection; the legal pages stay readable).

const OPEN_TO_USERS_WITHOUT_USERNAME = new Set(['/select-username', '/auth/callback', '/terms', '/privacy']);

export function needsUsernameRedirect(
  user: { needsUsernameSelection: boolean } | null,
  pathname: string,
): boolean {
  if (!user?.needsUsernameSelection) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !OPEN_TO_USERS_WITHOUT_USERNAME.has(path);
}
