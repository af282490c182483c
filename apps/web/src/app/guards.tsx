import { hasRole } from '@bm/core';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '../components/ui';
import { useAuth, useAuthStatus } from '../lib/auth';
import { loginPathFor, safeRedirect } from '../lib/redirect';

/** Signed-in routes: anonymous visitors go to /login?redirect=<the full path they wanted>. */
export function RequireAuth() {
  const status = useAuthStatus();
  const location = useLocation();
  if (status === 'initialising') return <PageLoader label="Checking your session" />;
  if (status === 'anonymous') return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}

/**
 * Guest-only routes: a signed-in visitor goes to the redirect query value when it is a path
 * on this site, else to the fallback (/dashboard for login and register, home for the others).
 */
export function GuestOnly({ fallback = '/' }: { fallback?: string }) {
  const status = useAuthStatus();
  const [params] = useSearchParams();
  if (status === 'initialising') return <PageLoader label="Checking your session" />;
  if (status === 'authenticated') return <Navigate to={safeRedirect(params.get('redirect')) ?? fallback} replace />;
  return <Outlet />;
}

/** /admin: administrator or moderator role, otherwise home. */
export function RequireStaff() {
  const auth = useAuth();
  const status = useAuthStatus();
  if (status === 'initialising') return <PageLoader label="Checking your session" />;
  const staff = hasRole(auth.roles, 'administrator') || hasRole(auth.roles, 'moderator');
  if (status !== 'authenticated' || !staff) return <Navigate to="/" replace />;
  return <Outlet />;
}
