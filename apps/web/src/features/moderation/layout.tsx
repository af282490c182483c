import { Outlet } from 'react-router';
import { SectionLayout } from '../../components/section-layout';
import { RoleNotice } from '../../components/role-notice';
import { useIsStaff } from '../../lib/auth';
import { useModerationT } from './moderation-text';

/** The area's sections: where each goes and its words' key. */
export const MODERATOR_LINKS = [
  { to: '/moderator', key: 'area.links.dashboard', end: true },
  { to: '/moderator/pending', key: 'area.links.pending' },
  { to: '/moderator/cars', key: 'area.links.cars' },
  { to: '/moderator/reported', key: 'area.links.reported' },
  { to: '/moderator/hidden', key: 'area.links.hidden' },
] as const;

/** The route only needs sign-in (spec §2); members without a staff role get a plain note instead of the area. */
export function ModeratorLayout() {
  const staff = useIsStaff();
  const t = useModerationT();
  if (!staff) return <NeedsModerator />;
  const links = MODERATOR_LINKS.map(({ key, ...link }) => ({ ...link, label: t(key) }));
  return (
    <SectionLayout title={t('area.title')} navLabel={t('area.nav')} links={links}>
      <Outlet />
    </SectionLayout>
  );
}

function NeedsModerator() {
  const t = useModerationT();
  return (
    <RoleNotice
      title={t('area.title')}
      text={t('area.needsRole')}
      help={t('area.needsRoleHelp')}
      homeText={t('area.goHome')}
    />
  );
}
