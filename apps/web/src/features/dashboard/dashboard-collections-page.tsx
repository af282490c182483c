import { useDocumentTitle } from '../../components/use-document-title';
import { useCurrentMember } from '../../lib/auth';
import { MemberCollections } from '../collections';
import { useDashboardT } from './dashboard-text';
import { DashboardLayout } from './layout';

/** /dashboard/collections: the member's own collections, every visibility, with New collection. */
export function DashboardCollectionsPage() {
  const t = useDashboardT();
  useDocumentTitle(t('tabs.collections'));
  const member = useCurrentMember();
  return <DashboardLayout>{member && <MemberCollections username={member.username} mine />}</DashboardLayout>;
}
