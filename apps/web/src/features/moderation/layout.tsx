import { Outlet } from 'react-router';
import { SectionLayout } from '../../components/section-layout';
import { ButtonLink } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
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
  useDocumentTitle(T.area);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-white">{T.area}</h1>
      <p className="mt-4 text-lg text-slate-200">{T.needsRole}</p>
      <p className="mt-2 text-slate-400">{T.needsRoleHelp}</p>
      <ButtonLink to="/" variant="outline" className="mt-6">
        {T.goHome}
      </ButtonLink>
    </section>
  );
}
