import { Outlet } from 'react-router';
import { SectionLayout } from '../../components/section-layout';
import { RoleNotice } from '../../components/role-notice';
import { useIsStaff } from '../../lib/auth';
import { MODERATION_TEXT as T } from './constants';

export const MODERATOR_LINKS = [
  { to: '/moderator', label: 'Dashboard', end: true },
  { to: '/moderator/pending', label: 'Pending Plugins' },
  { to: '/moderator/cars', label: 'Cars' },
  { to: '/moderator/reported', label: 'Reported' },
  { to: '/moderator/hidden', label: 'Hidden' },
] as const;

/** The route only needs sign-in (spec §2); members without a staff role get a plain note instead of the area. */
export function ModeratorLayout() {
  const staff = useIsStaff();
  if (!staff) return <NeedsModerator />;
  return (
    <SectionLayout title={T.area} navLabel={T.nav} links={MODERATOR_LINKS}>
      <Outlet />
    </SectionLayout>
  );
}

function NeedsModerator() {
  return <RoleNotice title={T.area} text={T.needsRole} help={T.needsRoleHelp} homeText={T.goHome} />;
}
