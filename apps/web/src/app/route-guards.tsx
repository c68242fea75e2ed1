import { Navigate, Outlet } from 'react-router';
import { HOME_PATH, paths } from '../config/paths.ts';
import { useSession } from '../lib/session.ts';

/**
 * The authenticated area needs a stored token (docs/product.md §6). Because it follows the
 * session store, a sign-out or a 401 anywhere sends the user back to sign in at once.
 */
export function RequireAuth() {
  const { token } = useSession();
  if (!token) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/** A manager who is already signed in skips the login screen. */
export function RedirectIfSignedIn() {
  const { token } = useSession();
  if (token) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}
