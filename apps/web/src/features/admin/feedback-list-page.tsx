import { FEEDBACK_STATUSES, pageCount, type FeedbackStatus } from '@bm/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LabelledSelect } from '../../components/labelled-select';
import { Pagination } from '../../components/pagination';
import { Time, cx, DataTable, dataTableClasses as tc } from '../../components/ui';

import { feedbackListQuery } from './api';
import { FEEDBACK_STATUS_KEYS, useAdminT } from './admin-text';
import { FeedbackStatusBadge, feedbackLinkClass } from './feedback-status';
import { AdminSection, QueryState } from './shared';

const isStatus = (v: string | null): v is FeedbackStatus | 'all' =>
  v === 'all' || (FEEDBACK_STATUSES as readonly string[]).includes(v ?? '');

export function FeedbackListPage() {
  const t = useAdminT();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuery(feedbackListQuery({ page, status }));

  const update = (next: { status?: string; page?: number }) => {
    const p = new URLSearchParams(params);
    if (next.status !== undefined) {
      if (next.status === 'all') p.delete('status');
      else p.set('status', next.status);
      p.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page <= 1) p.delete('page');
      else p.set('page', String(next.page));
    }
    setParams(p);
  };

  return (
    <AdminSection
      title={t('feedback.title')}
      actions={
        <LabelledSelect
          label={t('feedback.filter')}
          boxClassName="flex items-center gap-2"
          labelClassName="text-sm text-slate-400"
          value={status}
          onChange={(e) => update({ status: e.target.value })}
          className="h-10 w-36 py-0"
        >
          <option value="all">{t('feedback.all')}</option>
          {FEEDBACK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(FEEDBACK_STATUS_KEYS[s])}
            </option>
          ))}
        </LabelledSelect>
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
              <Pagination
                page={d.page}
                totalPages={pageCount(d.totalCount, d.pageSize)}
                onPageChange={(p) => update({ page: p })}
              />
            </>
          );
        }}
      </QueryState>
    </AdminSection>
  );
}

/** Only site paths and web addresses become links (a stored javascript: URL stays text). */
