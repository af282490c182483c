import { Outlet } from 'react-router';
import { SectionLayout } from '../../components/section-layout';

export const ADMIN_LINKS = [
  {
    to: '/admin/connections',
    label: 'Connections',
    description: 'Database, Redis, mail, storage and build server; queues and dead jobs.',
  },
  {
    to: '/admin/webhooks',
    label: 'Webhooks',
    description: 'Release webhooks (Discord too), a signed test delivery, and recent deliveries.',
  },
  { to: '/admin/feedback', label: 'Feedback', description: 'What members sent with the feedback button.' },
  { to: '/admin/members', label: 'Members', description: 'Find members, give or take staff roles, disable accounts.' },
  {
    to: '/admin/feature-subscribers',
    label: 'Feature Subscribers',
    description: 'Who waits for an upcoming feature, and a message to them.',
  },
  {
    to: '/admin/features',
    label: 'Upcoming Features',
    description: 'Add and rename upcoming features; mark them completed to tell their subscribers.',
  },
  {
    to: '/admin/game-versions',
    label: 'Game Versions',
    description: 'Rocket League releases and their BakkesMod versions; which one is current.',
  },
  {
    to: '/admin/product-update',
    label: 'Product Update',
    description: 'Write to every member who asked for product updates, and follow the sending.',
  },
] as const;

export function AdminLayout() {
  return (
    <SectionLayout title="Admin" navLabel="Admin sections" links={ADMIN_LINKS}>
      <Outlet />
    </SectionLayout>
  );
}
