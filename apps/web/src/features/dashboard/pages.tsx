import { PlaceholderPage } from '../../components/placeholder-page';

export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" description="Your dashboard overview is coming soon." />;
}

export function DashboardPluginsPage() {
  return <PlaceholderPage title="My Plugins" description="Managing your plugins from the dashboard is coming soon." />;
}

export function DashboardCarsPage() {
  return <PlaceholderPage title="My Cars" description="Managing your cars from the dashboard is coming soon." />;
}
