import { useDocumentTitle } from '../../components/use-document-title';
import { useDashboardT } from './dashboard-text';
import { PluginGrid } from './grids';
import { DashboardLayout } from './layout';

export function DashboardPluginsPage() {
  const t = useDashboardT();
  useDocumentTitle(t('tabs.myPlugins'));
  return (
    <DashboardLayout>
      <PluginGrid />
    </DashboardLayout>
  );
}
