import { useDocumentTitle } from '../../components/use-document-title';
import { DASHBOARD_TEXT as T } from './constants';
import { Overview } from './overview';
import { DashboardLayout } from './layout';

export function DashboardPage() {
  useDocumentTitle(T.title);
  return (
    <DashboardLayout>
      <Overview />
    </DashboardLayout>
  );
}
