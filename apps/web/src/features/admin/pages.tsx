import { Link, Outlet } from 'react-router';
import { Card, cx, focusRing } from '../../components/ui';
import { SectionLayout } from '../../components/section-layout';
import { ADMIN_TEXT } from './constants';
import { AdminSection } from './shared';

export { ConnectionsPage } from './connections-page';
export { WebhooksPage } from './webhooks-page';
export { FeedbackDetailPage, FeedbackListPage } from './feedback-pages';
export { AdminMembersPage } from './members-page';
export { FeatureSubscribersPage } from './feature-subscribers-page';
export { UpcomingFeaturesPage } from './upcoming-features-page';
export { ProductUpdatePage } from './product-update-page';

export const ADMIN_LINKS = [
  {
    to: '/admin/connections',
    label: 'Connections',
    description: 'Database, Redis, mail, storage and build server; queues and dead jobs.',
  },
  {
    to: '/admin/webhooks',
    label: 'Webhooks',
    description: 'Send a signed test delivery and look at recent deliveries.',
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

export function AdminHomePage() {
  return (
    <AdminSection title={ADMIN_TEXT.home.title}>
      <p className="text-slate-400">{ADMIN_TEXT.home.intro}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {ADMIN_LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={cx('block h-full rounded-2xl', focusRing)}>
              <Card className="h-full transition-colors hover:border-sky-500/60">
                <h3 className="font-semibold text-white">{l.label}</h3>
                <p className="mt-1 text-sm text-slate-400">{l.description}</p>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </AdminSection>
  );
}
