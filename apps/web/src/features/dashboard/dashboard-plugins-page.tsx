import { useDocumentTitle } from '../../components/use-document-title';
import { DASHBOARD_TEXT as T } from './constants';
import { PluginGrid } from './grids';
import { DashboardLayout } from './layout';

export function DashboardPluginsPage() {
  useDocumentTitle(T.myPlugins);
  return (
    <DashboardLayout>
      <PluginGrid />
    </DashboardLayout>
  );
}
