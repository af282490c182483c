import { Outlet, useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';
import { SectionLayout } from '../../components/section-layout';

export const ADMIN_LINKS = [
  { to: '/admin/connections', label: 'Connections' },
  { to: '/admin/webhooks', label: 'Webhooks' },
  { to: '/admin/feedback', label: 'Feedback' },
  { to: '/admin/members', label: 'Members' },
  { to: '/admin/feature-subscribers', label: 'Feature Subscribers' },
] as const;

export function AdminLayout() {
  return (
    <SectionLayout title="Admin" navLabel="Admin sections" links={ADMIN_LINKS}>
      <Outlet />
    </SectionLayout>
  );
}

export function AdminHomePage() {
  return <PlaceholderPage title="Admin" description="Pick a section. The admin overview is coming soon." />;
}

export function ConnectionsPage() {
  return <PlaceholderPage title="Connections" description="Live connection details are coming soon." />;
}

export function WebhooksPage() {
  return <PlaceholderPage title="Webhooks" description="The webhook tester is coming soon." />;
}

export function FeedbackListPage() {
  return <PlaceholderPage title="Feedback" description="The feedback list is coming soon." />;
}

export function FeedbackDetailPage() {
  const { id } = useParams();
  return <PlaceholderPage title={`Feedback #${id ?? ''}`} description="Feedback details are coming soon." />;
}

export function AdminMembersPage() {
  return <PlaceholderPage title="Members" description="Member administration is coming soon." />;
}

export function FeatureSubscribersPage() {
  return <PlaceholderPage title="Feature Subscribers" description="Feature subscriber lists are coming soon." />;
}
