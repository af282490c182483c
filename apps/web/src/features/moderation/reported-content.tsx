import { REPORT_DETAILS_MAX, type ReportedCarItem, type ReportedCommentItem, type ReportKind } from '@bm/core';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, cx, Dialog, focusRing, TextAreaField } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { moderationApi, moderationKeys, reportedCarsQuery, reportedCommentsQuery } from './api';
import { Badge, ListSearch, ListSection, PagedList, tableClasses as c, useListParams, When } from './components';
import { moderationMessage, reasonText, useModerationT } from './moderation-text';

/** What every reported item shows: its open reports counted by reason, and the reports themselves. */
export interface OpenReports {
  reportCount: number;
  reasons: Array<{ reason: string; label: string; count: number }>;
  reports: Array<{ id: number; reason: string; details: string; reporter: string; createdAt: string }>;
  latestReportAt: string;
}

/** A reported plugin's or car's title: a link to its page, and whether it is live or hidden. */
export function ReportedTitle({ to, name, hidden }: { to: string; name: string; hidden: boolean }) {
  const t = useModerationT();
  return (
    <>
      <Link to={to} className={cx('hover:text-sky-300', focusRing)}>
        {name}
      </Link>{' '}
      <Badge tone={hidden ? 'bg-rose-500/15 text-rose-200' : 'bg-emerald-500/15 text-emerald-200'}>
        {hidden ? t('reported.hidden') : t('reported.live')}
      </Badge>
    </>
  );
}

/** One reported item: its title, who and when, the reasons, the actions, and its reports on demand. */
export function ReportsRow({
  id,
  kind,
  title,
  meta,
  item,
  actions,
  children,
}: {
  id: string;
  /** What is reported: its reasons are that kind's. */
  kind: ReportKind;
  title: ReactNode;
  meta: ReactNode;
  item: OpenReports;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const t = useModerationT();
  const [open, setOpen] = useState(false);
  const reason = (key: string) => {
    const known = item.reasons.find((x) => x.reason === key);
    return reasonText(t, kind, key, known?.label ?? key);
  };
  const listId = `reports-${id}`;
  return (
    <li className="rounded-xl border border-slate-800 bg-slate-900/60 p-4" data-testid="reported-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-white">{title}</h3>
          <p className="text-sm text-slate-400">
            {meta} · {t('reported.reportCount')} <strong className="text-slate-100">{item.reportCount}</strong> ·{' '}
            <When at={item.latestReportAt} />
          </p>
          {children}
          <ul aria-label={t('reported.reasons')} className="mt-2 flex flex-wrap gap-1.5">
            {item.reasons.map((r) => (
              <li key={r.reason}>
                <Badge>
                  {t('reported.reasonCount', { reason: reasonText(t, kind, r.reason, r.label), number: r.count })}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      <Button
        size="sm"
        variant="ghost"
        className="mt-2"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('reported.hideReports') : t('reported.showReports', { count: item.reports.length })}
      </Button>
      {open && (
        <div id={listId} className={cx(c.wrap, 'mt-2')}>
          <table className={c.table}>
            <thead className={c.head}>
              <tr>
                <th scope="col" className={c.th}>
                  {t('reported.reporter')}
                </th>
                <th scope="col" className={c.th}>
                  {t('reported.reason')}
                </th>
                <th scope="col" className={c.th}>
                  {t('reported.details')}
                </th>
                <th scope="col" className={c.th}>
                  {t('reported.when')}
                </th>
              </tr>
            </thead>
            <tbody>
              {item.reports.map((r) => (
                <tr key={r.id} className={c.row}>
                  <td className={c.td}>{r.reporter}</td>
                  <td className={c.td}>{reason(r.reason)}</td>
                  <td className={cx(c.td, 'whitespace-pre-wrap')}>{r.details || '-'}</td>
                  <td className={c.td}>
                    <When at={r.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}

/** Confirms a hide or a delete, with an optional note the author is sent. */
function ActionDialog({
  open,
  title,
  text,
  confirm,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (note: string) => void;
}) {
  const t = useModerationT();
  const [note, setNote] = useState('');
  return (
    <Dialog open={open} onClose={onClose} title={title} description={text}>
      <div className="space-y-4">
        <TextAreaField
          label={t('reported.noteToAuthor')}
          value={note}
          maxLength={REPORT_DETAILS_MAX}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('reported.cancel')}
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => onConfirm(note)}>
            {confirm}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The list frame every tab shares: title, search, loading, error, empty, items and pager. */
export function ReportedList<I>({
  titleId,
  title,
  q,
  failed,
  empty,
  render,
}: {
  titleId: string;
  title: string;
  q: UseQueryResult<{ data: I[]; pageSize: number; totalCount: number }>;
  failed: string;
  empty: string;
  render: (item: I) => ReactNode;
}) {
  const { page, search, setPage, setSearch } = useListParams();
  return (
    <ListSection titleId={titleId} title={title}>
      <ListSearch value={search} onSearch={setSearch} />
      <PagedList
        q={q}
        items={(d) => d.data}
        failed={failed}
        empty={empty}
        watch={`${page}|${search}`}
        page={page}
        onPage={setPage}
      >
        {(items) => <ul className="space-y-3">{items.map(render)}</ul>}
      </PagedList>
    </ListSection>
  );
}

function useReportAction<V>(call: (v: V) => Promise<unknown>, done: string, after: () => void) {
  const t = useModerationT();
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      toast.success(done);
      after();
      void client.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: (err) => toast.error(moderationMessage(t, errorText(err, t('reported.actionFailed')))),
  });
}

export function ReportedCars() {
  const t = useModerationT();
  useDocumentTitle(t('reported.carsTitle'));
  const { page, search } = useListParams();
  const q = useQuery(reportedCarsQuery({ page, search }));
  const [confirming, setConfirming] = useState<ReportedCarItem | null>(null);
  const dismiss = useReportAction(moderationApi.dismissCarReports, t('reported.dismissed'), () => {});
  const hide = useReportAction(
    ({ id, note }: { id: number; note: string }) => moderationApi.hideReportedCar(id, note),
    t('cars.hidden'),
    () => setConfirming(null),
  );
  return (
    <>
      <ReportedList
        titleId="reported-cars-title"
        title={t('reported.carsTitle')}
        q={q}
        failed={t('reported.carsFailed')}
        empty={t('reported.noCars')}
        render={(item) => (
          <ReportsRow
            key={item.carId}
            id={`car-${item.carId}`}
            kind="car"
            item={item}
            title={<ReportedTitle to={`/cars/${item.carId}`} name={item.name} hidden={item.hidden} />}
            meta={item.owner}
            actions={
              <>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => dismiss.mutate(item.carId)}
                  disabled={dismiss.isPending}
                >
                  {t('reported.dismiss')}
                </Button>
                {!item.hidden && (
                  <Button size="sm" variant="danger" onClick={() => setConfirming(item)}>
                    {t('cars.hideLabel', { name: item.name })}
                  </Button>
                )}
              </>
            }
          />
        )}
      />
      <ActionDialog
        key={confirming?.carId ?? 0}
        open={confirming !== null}
        title={t('reported.confirmHideCarTitle')}
        text={confirming ? t('reported.confirmHideCarText', { name: confirming.name }) : ''}
        confirm={t('cars.hideLabel', { name: confirming?.name ?? '' })}
        busy={hide.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={(note) => confirming && hide.mutate({ id: confirming.carId, note })}
      />
    </>
  );
}

export function ReportedComments() {
  const t = useModerationT();
  useDocumentTitle(t('reported.commentsTitle'));
  const { page, search } = useListParams();
  const q = useQuery(reportedCommentsQuery({ page, search }));
  const [confirming, setConfirming] = useState<ReportedCommentItem | null>(null);
  const dismiss = useReportAction(moderationApi.dismissCommentReports, t('reported.dismissed'), () => {});
  const remove = useReportAction(
    ({ id, note }: { id: number; note: string }) => moderationApi.deleteReportedComment(id, note),
    t('reported.commentDeleted'),
    () => setConfirming(null),
  );
  return (
    <>
      <ReportedList
        titleId="reported-comments-title"
        title={t('reported.commentsTitle')}
        q={q}
        failed={t('reported.commentsFailed')}
        empty={t('reported.noComments')}
        render={(item) => (
          <ReportsRow
            key={item.commentId}
            id={`comment-${item.commentId}`}
            kind="comment"
            item={item}
            title={
              <Link to={`/plugin/${item.pluginId}`} className={cx('hover:text-sky-300', focusRing)}>
                {t('reported.commentOn', { plugin: item.pluginName })}
              </Link>
            }
            meta={item.author}
            actions={
              <>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => dismiss.mutate(item.commentId)}
                  disabled={dismiss.isPending}
                >
                  {t('reported.dismiss')}
                </Button>
                <Button size="sm" variant="danger" onClick={() => setConfirming(item)}>
                  {t('reported.deleteComment')}
                </Button>
              </>
            }
          >
            <blockquote className="mt-2 whitespace-pre-wrap break-words border-l-2 border-slate-600 pl-3 text-sm text-slate-200">
              {item.body}
            </blockquote>
          </ReportsRow>
        )}
      />
      <ActionDialog
        key={confirming?.commentId ?? 0}
        open={confirming !== null}
        title={t('reported.confirmDeleteCommentTitle')}
        text={t('reported.confirmDeleteCommentText')}
        confirm={t('reported.deleteComment')}
        busy={remove.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={(note) => confirming && remove.mutate({ id: confirming.commentId, note })}
      />
    </>
  );
}
