import { Outlet } from 'react-router';
import { SectionLayout } from '../../components/section-layout';
import { useAdminT } from './admin-text';

/** The admin sections: their address and the keys of their name and description. */
export const ADMIN_LINKS = [
  { to: '/admin/connections', label: 'links.connections', description: 'links.connectionsHint' },
  { to: '/admin/webhooks', label: 'links.webhooks', description: 'links.webhooksHint' },
  { to: '/admin/feedback', label: 'links.feedback', description: 'links.feedbackHint' },
  { to: '/admin/members', label: 'links.members', description: 'links.membersHint' },
  {
    to: '/admin/feature-subscribers',
    label: 'links.featureSubscribers',
    description: 'links.featureSubscribersHint',
  },
  { to: '/admin/features', label: 'links.features', description: 'links.featuresHint' },
  { to: '/admin/game-versions', label: 'links.gameVersions', description: 'links.gameVersionsHint' },
  { to: '/admin/product-update', label: 'links.productUpdate', description: 'links.productUpdateHint' },
] as const;

/** The admin sections in the reader's language. */
export function useAdminLinks() {
  const t = useAdminT();
  return ADMIN_LINKS.map((l) => ({ to: l.to, label: t(l.label), description: t(l.description) }));
}

export function AdminLayout() {
  const t = useAdminT();
  return (
    <SectionLayout title={t('layout.title')} navLabel={t('layout.nav')} links={useAdminLinks()}>
      <Outlet />
    </SectionLayout>
  );
}
