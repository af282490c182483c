import { FEEDBACK_STATUSES, pageCount, type FeedbackStatus } from '@bm/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Pagination } from '../../components/pagination';
import { Time, cx, DataTable, dataTableClasses as tc } from '../../components/ui';

import { feedbackListQuery } from './api';
import { FEEDBACK_STATUS_KEYS, useAdminT } from './admin-text';
import { FeedbackStatusBadge, feedbackLinkClass } from './feedback-status';
import { AdminFilter, AdminSection, QueryState, useFilterAndPage } from './shared';

const isStatus = (v: string | null): v is FeedbackStatus | 'all' =>
  v === 'all' || (FEEDBACK_STATUSES as readonly string[]).includes(v ?? '');

export function FeedbackListPage() {
  const t = useAdminT();
  const { filter, page, setFilter, setPage } = useFilterAndPage('status', 'all');
  const status = isStatus(filter) ? filter : 'all';
  const q = useQuery(feedbackListQuery({ page, status }));

  return (
    <AdminSection
      title={t('feedback.title')}
      actions={
        <AdminFilter label={t('feedback.filter')} value={status} onChange={setFilter} className="h-10 w-36 py-0">
          <option value="all">{t('feedback.all')}</option>
          {FEEDBACK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(FEEDBACK_STATUS_KEYS[s])}
            </option>
          ))}
        </AdminFilter>
      }
    >
      <QueryState query={q} failedText={t('feedback.loadFailed')} emptyText={t('feedback.none')}>
        {(d) => {
          return (
            <>
              <DataTable
                caption={t('feedback.title')}
                columns={[
                  t('feedback.columns.feedback'),
                  t('feedback.columns.member'),
                  t('feedback.columns.status'),
                  t('feedback.columns.received'),
                ]}
              >
                {d.items.map((f) => (
                  <tr key={f.id} data-testid="feedback-row">
                    <td className={`${tc.td} max-w-md`}>
                      <Link to={`/admin/feedback/${f.id}`} className={cx(feedbackLinkClass, 'break-words')}>
                        {f.excerpt}
                      </Link>
                    </td>
                    <td className={tc.td}>{f.member?.username ?? t('feedback.anonymous')}</td>
                    <td className={tc.td}>
                      <FeedbackStatusBadge status={f.status} />
                    </td>
                    <td className={`${tc.td} whitespace-nowrap`}>
                      <Time value={f.createdAt} />
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pagination page={d.page} totalPages={pageCount(d.totalCount, d.pageSize)} onPageChange={setPage} />
            </>
          );
        }}
      </QueryState>
    </AdminSection>
  );
}

/** Only site paths and web addresses become links (a stored javascript: URL stays text). */
