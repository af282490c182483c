import { ADMIN_MESSAGES, FEEDBACK_STATUSES, pageCount, type FeedbackItem, type FeedbackStatus } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Pagination } from '../../components/pagination';
import { Alert, Button, Card, Time, cx, focusRing, inputClasses } from '../../components/ui';
import { errorText } from '../../lib/api';
import { useIsAdmin } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { adminApi, adminKeys, feedbackItemQuery, feedbackListQuery } from './api';
import { ADMIN_TEXT, FEEDBACK_STATUS_LABELS } from './constants';
import { AdminSection, Badge, QueryState, tableClasses as tc } from './shared';

const T = ADMIN_TEXT.feedback;
const statusTone = { new: 'info', seen: 'muted', done: 'good' } as const;
const linkClass = cx('rounded text-sky-300 underline-offset-2 hover:text-sky-200 hover:underline', focusRing);

function StatusBadge({ status }: { status: FeedbackStatus }) {
  return <Badge tone={statusTone[status]}>{FEEDBACK_STATUS_LABELS[status]}</Badge>;
}

const isStatus = (v: string | null): v is FeedbackStatus | 'all' =>
  v === 'all' || (FEEDBACK_STATUSES as readonly string[]).includes(v ?? '');

export function FeedbackListPage() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuery(feedbackListQuery({ page, status }));
  const selectId = useId();

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
      title={T.title}
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-slate-400">
            {T.filter}
          </label>
          <select
            id={selectId}
            value={status}
            onChange={(e) => update({ status: e.target.value })}
            className={cx(inputClasses(false), 'h-10 w-36 py-0')}
          >
            <option value="all">All</option>
            {FEEDBACK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {FEEDBACK_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      }
    >
      <QueryState isPending={q.isPending} error={q.isError ? q.error : null} failedText={T.loadFailed}>
        {() => {
          const d = q.data!;
          if (d.items.length === 0) return <p className="text-sm text-slate-400">{T.none}</p>;
          return (
            <>
              <div className={tc.wrap}>
                <table className={tc.table}>
                  <caption className="sr-only">{T.title}</caption>
                  <thead className={tc.head}>
                    <tr>
                      <th scope="col" className={tc.th}>
                        {T.columns.feedback}
                      </th>
                      <th scope="col" className={tc.th}>
                        {T.columns.member}
                      </th>
                      <th scope="col" className={tc.th}>
                        {T.columns.status}
                      </th>
                      <th scope="col" className={tc.th}>
                        {T.columns.received}
                      </th>
                    </tr>
                  </thead>
                  <tbody className={tc.body}>
                    {d.items.map((f) => (
                      <tr key={f.id} data-testid="feedback-row">
                        <td className={`${tc.td} max-w-md`}>
                          <Link to={`/admin/feedback/${f.id}`} className={cx(linkClass, 'break-words')}>
                            {f.excerpt}
                          </Link>
                        </td>
                        <td className={tc.td}>{f.member?.username ?? T.anonymous}</td>
                        <td className={tc.td}>
                          <StatusBadge status={f.status} />
                        </td>
                        <td className={`${tc.td} whitespace-nowrap`}>
                          <Time value={f.createdAt} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
function PageLink({ url }: { url: string }) {
  if (url.startsWith('/') && !url.startsWith('//')) {
    return (
      <Link to={url} className={linkClass}>
        {url}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(url)) {
    return (
      <a href={url} className={linkClass} rel="noopener noreferrer">
        {url}
      </a>
    );
  }
  return <span>{url}</span>;
}

function FeedbackDetail({ item }: { item: FeedbackItem }) {
  const isAdmin = useIsAdmin();
  const qc = useQueryClient();
  const setStatus = useMutation({
    mutationFn: (status: FeedbackStatus) => adminApi.setFeedbackStatus(item.id, status),
    onSuccess: (next) => {
      qc.setQueryData(adminKeys.feedbackItem(item.id), next);
      void qc.invalidateQueries({ queryKey: [...adminKeys.feedback(), 'list'] });
      toast.success(T.updated);
    },
    onError: (e) => toast.error(errorText(e, T.updateFailed)),
  });
  return (
    <Card className="flex flex-col gap-4">
      <p className="whitespace-pre-wrap break-words text-slate-100">{item.content}</p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-400">{T.from}</dt>
        <dd>
          {item.member ? (
            <Link to={`/members/${encodeURIComponent(item.member.username)}`} className={linkClass}>
              {item.member.username}
            </Link>
          ) : (
            T.anonymous
          )}
        </dd>
        <dt className="text-slate-400">{T.page}</dt>
        <dd className="break-all">{item.url ? <PageLink url={item.url} /> : '—'}</dd>
        <dt className="text-slate-400">{T.userAgent}</dt>
        <dd className="break-words text-slate-300">{item.userAgent ?? '—'}</dd>
        <dt className="text-slate-400">{T.received}</dt>
        <dd className="text-slate-300">
          <Time value={item.createdAt} />
        </dd>
        <dt className="text-slate-400">{T.status}</dt>
        <dd>
          <StatusBadge status={item.status} />
        </dd>
      </dl>
      {isAdmin && (
        <div className="flex flex-wrap gap-2" role="group" aria-label={T.status}>
          {FEEDBACK_STATUSES.map((s) => (
            <Button
              key={s}
              size="sm"
              variant={item.status === s ? 'primary' : 'outline'}
              aria-pressed={item.status === s}
              disabled={setStatus.isPending}
              onClick={() => item.status !== s && setStatus.mutate(s)}
            >
              {T.markAs(s)}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}

export function FeedbackDetailPage() {
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({ ...feedbackItemQuery(id), enabled: valid });
  const loaded = q.isSuccess;
  // Opening marks new feedback seen on the server: the list shows it next time.
  useEffect(() => {
    if (loaded) void qc.invalidateQueries({ queryKey: [...adminKeys.feedback(), 'list'] });
  }, [loaded, qc]);
  return (
    <AdminSection
      title={T.detailTitle(id)}
      actions={
        <Link to="/admin/feedback" className={linkClass}>
          {T.back}
        </Link>
      }
    >
      {valid ? (
        <QueryState isPending={q.isPending} error={q.isError ? q.error : null} failedText={T.loadFailed}>
          {() => <FeedbackDetail item={q.data!} />}
        </QueryState>
      ) : (
        <Alert variant="error">{ADMIN_MESSAGES.feedbackNotFound}</Alert>
      )}
    </AdminSection>
  );
}
