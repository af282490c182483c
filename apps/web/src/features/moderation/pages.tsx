import { Outlet, useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';
import { SectionLayout } from '../../components/section-layout';

export const MODERATOR_LINKS = [
  { to: '/moderator', label: 'Dashboard', end: true },
  { to: '/moderator/pending', label: 'Pending Plugins' },
  { to: '/moderator/cars', label: 'Cars' },
  { to: '/moderator/reported', label: 'Reported' },
  { to: '/moderator/hidden', label: 'Hidden' },
] as const;

export function ModeratorLayout() {
  return (
    <SectionLayout title="Moderator" navLabel="Moderator sections" links={MODERATOR_LINKS}>
      <Outlet />
    </SectionLayout>
  );
}

export function ModeratorDashboardPage() {
  return <PlaceholderPage title="Moderator Dashboard" description="The moderation overview is coming soon." />;
}

export function PendingPluginsPage() {
  return <PlaceholderPage title="Pending Plugins" description="The review queue is coming soon." />;
}

export function PluginReviewPage() {
  const { id } = useParams();
  return <PlaceholderPage title={`Review Plugin #${id ?? ''}`} description="Plugin review is coming soon." />;
}

export function ReportedPluginsPage() {
  return <PlaceholderPage title="Reported Plugins" description="Reported plugins are coming soon." />;
}

export function HiddenPluginsPage() {
  return <PlaceholderPage title="Hidden Plugins" description="Hidden plugins are coming soon." />;
}

export function ModeratorCarsPage() {
  return <PlaceholderPage title="Cars" description="Car moderation is coming soon." />;
}
