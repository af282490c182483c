import { useDocumentTitle } from '../../components/use-document-title';
import { useDashboardT } from './dashboard-text';
import { Overview } from './overview';
import { DashboardLayout } from './layout';

export function DashboardPage() {
  const t = useDashboardT();
  useDocumentTitle(t('title'));
  return (
    <DashboardLayout>
      <Overview />
    </DashboardLayout>
  );
}
