import { useDocumentTitle } from '../../components/use-document-title';
import { useDashboardT } from './dashboard-text';
import { CarGrid } from './grids';
import { DashboardLayout } from './layout';

export function DashboardCarsPage() {
  const t = useDashboardT();
  useDocumentTitle(t('tabs.myCars'));
  return (
    <DashboardLayout>
      <CarGrid />
    </DashboardLayout>
  );
}
