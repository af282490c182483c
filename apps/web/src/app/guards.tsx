import { hasRole } from '@bm/core';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { RoleNotice } from '../components/role-notice';
import { PageLoader } from '../components/ui';
import { useAuth, useAuthStatus } from '../lib/auth';
import { loginPathFor, safeRedirect } from '../lib/redirect';
import { useShellT } from './shell/shell-text';

/** Signed-in routes: anonymous visitors go to /login?redirect=<the full path they wanted>. */
export function RequireAuth() {
  const t = useShellT();
  const status = useAuthStatus();
  const location = useLocation();
  if (status === 'initialising') return <PageLoader label={t('guards.checkingSession')} />;
  if (status === 'anonymous') return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}

/**
 * Guest-only routes: a signed-in visitor goes to the redirect query value when it is a path
 * on this site, else to the fallback (/dashboard for login and register, home for the others).
 */
export function GuestOnly({ fallback = '/' }: { fallback?: string }) {
  const t = useShellT();
  const status = useAuthStatus();
  const [params] = useSearchParams();
  if (status === 'initialising') return <PageLoader label={t('guards.checkingSession')} />;
  if (status === 'authenticated') return <Navigate to={safeRedirect(params.get('redirect')) ?? fallback} replace />;
  return <Outlet />;
}

/**
 * /admin: administrator or moderator role. Anonymous visitors sign in first; members without the
 * role are told the page needs it (never shown the staff navigation).
 */
export function RequireStaff() {
  const t = useShellT();
  const auth = useAuth();
  const status = useAuthStatus();
  const location = useLocation();
  if (status === 'initialising') return <PageLoader label={t('guards.checkingSession')} />;
  if (status === 'anonymous') return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  const staff = hasRole(auth.roles, 'administrator') || hasRole(auth.roles, 'moderator');
  if (!staff) return <NeedsStaffRole />;
  return <Outlet />;
}

function NeedsStaffRole() {
  const t = useShellT();
  return (
    <RoleNotice
      title={t('guards.staffHeading')}
      text={t('guards.staffNeedsRole')}
      help={t('guards.staffHelp')}
      homeText={t('guards.goHome')}
    />
  );
}
