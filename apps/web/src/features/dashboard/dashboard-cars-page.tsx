import { useDocumentTitle } from '../../components/use-document-title';
import { DASHBOARD_TEXT as T } from './constants';
import { CarGrid } from './grids';
import { DashboardLayout } from './layout';

export function DashboardCarsPage() {
  useDocumentTitle(T.myCars);
  return (
    <DashboardLayout>
      <CarGrid />
    </DashboardLayout>
  );
}
