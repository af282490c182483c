import type { ReactNode } from 'react';
import { PlaceholderPage } from '../../components/placeholder-page';
import { DashboardHeaderActions } from './header';

function WithHeader({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 pt-8">
      <DashboardHeaderActions />
      {children}
    </div>
  );
}

export function DashboardPage() {
  return (
    <WithHeader>
      <PlaceholderPage title="Dashboard" description="Your dashboard overview is coming soon." />
    </WithHeader>
  );
}

export function DashboardPluginsPage() {
  return (
    <WithHeader>
      <PlaceholderPage title="My Plugins" description="Managing your plugins from the dashboard is coming soon." />
    </WithHeader>
  );
}

export function DashboardCarsPage() {
  return (
    <WithHeader>
      <PlaceholderPage title="My Cars" description="Managing your cars from the dashboard is coming soon." />
    </WithHeader>
  );
}
