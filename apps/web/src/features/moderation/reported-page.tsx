import { MODERATION_PAGE_SIZE, type ReportedPluginItem } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, cx, Dialog, focusRing, LoadingState } from '../../components/ui';
import { ListTop } from '../../components/list-top';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { moderationApi, moderationKeys, reportedListQuery } from './api';
import { Badge, ListSearch, Pager, tableClasses as c, useListParams, When } from './components';
import { MODERATION_TEXT as T } from './constants';

type Action = 'dismiss' | 'hide' | 'restore';

const ACTIONS: Record<Action, { call: (pluginId: number) => Promise<void>; done: string }> = {
  dismiss: { call: moderationApi.dismissReports, done: T.dismissed },
  hide: { call: moderationApi.hidePlugin, done: T.pluginHidden },
  restore: { call: moderationApi.restorePlugin, done: T.pluginRestored },
};

export function ReportedPluginsPage() {
  useDocumentTitle(T.reportedTitle);
  const client = useQueryClient();
  const { page, search, setPage, setSearch } = useListParams();
  const q = useQuery(reportedListQuery({ page, search }));
  const [confirming, setConfirming] = useState<ReportedPluginItem | null>(null);

  const act = useMutation({
    mutationFn: ({ action, pluginId }: { action: Action; pluginId: number }) => ACTIONS[action].call(pluginId),
    onSuccess: (_r, { action }) => {
      toast.success(ACTIONS[action].done);
      setConfirming(null);
      void client.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: (err) => toast.error(errorText(err, T.actionFailed)),
  });

  return (
    <section aria-labelledby="reported-title" className="space-y-4">
      <h2 id="reported-title" className="text-xl font-semibold text-white">
        {T.reportedTitle}
      </h2>
      <ListSearch value={search} onSearch={setSearch} />
      {q.isPending ? (
        <LoadingState text={T.loading} className="py-10" />
      ) : q.isError ? (
        <Alert variant="error">{errorText(q.error, T.reportedFailed)}</Alert>
      ) : q.data.data.length === 0 ? (
        <p className="py-8 text-center text-slate-400">{T.noReported}</p>
      ) : (
        <>
          <ListTop watch={`${page}|${search}`} />
          <ul className="space-y-3">
            {q.data.data.map((item) => (
              <ReportedRow
                key={item.pluginId}
                item={item}
                busy={act.isPending && act.variables.pluginId === item.pluginId}
                onDismiss={() => act.mutate({ action: 'dismiss', pluginId: item.pluginId })}
                onHide={() => setConfirming(item)}
                onRestore={() => act.mutate({ action: 'restore', pluginId: item.pluginId })}
              />
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={q.data.pageSize || MODERATION_PAGE_SIZE}
            totalCount={q.data.totalCount}
            onPage={setPage}
          />
        </>
      )}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={T.confirmHideTitle}
        description={confirming ? T.confirmHideText(confirming.name) : undefined}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(null)}>
            {T.cancel}
          </Button>
          <Button
            variant="danger"
            disabled={act.isPending}
            onClick={() => confirming && act.mutate({ action: 'hide', pluginId: confirming.pluginId })}
          >
            {T.hidePlugin}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

function ReportedRow({
  item,
  busy,
  onDismiss,
  onHide,
  onRestore,
}: {
  item: ReportedPluginItem;
  busy: boolean;
  onDismiss: () => void;
  onHide: () => void;
  onRestore: () => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = `reports-${item.pluginId}`;
  return (
    <li className="rounded-xl border border-slate-800 bg-slate-900/60 p-4" data-testid="reported-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-white">
            <Link to={`/plugin/${item.pluginId}`} className={cx('hover:text-sky-300', focusRing)}>
              {item.name}
            </Link>{' '}
            <Badge tone={item.isActive ? 'bg-emerald-500/15 text-emerald-200' : 'bg-rose-500/15 text-rose-200'}>
              {item.isActive ? T.live : T.hiddenState}
            </Badge>
          </h3>
          <p className="text-sm text-slate-400">
            {item.submitter} · {T.reports}: <strong className="text-slate-100">{item.reportCount}</strong> ·{' '}
            <When at={item.latestReportAt} />
          </p>
          <ul aria-label={T.reasons} className="mt-2 flex flex-wrap gap-1.5">
            {item.reasons.map((r) => (
              <li key={r.reason}>
                <Badge>{`${r.label} (${r.count})`}</Badge>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onDismiss} disabled={busy}>
            {T.dismiss}
          </Button>
          {item.isActive ? (
            <Button size="sm" variant="danger" onClick={onHide} disabled={busy}>
              {T.hidePlugin}
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={onRestore} disabled={busy}>
              {T.restorePlugin}
            </Button>
          )}
        </div>
      </div>
      <Button
        size="sm"
        variant="ghost"
        className="mt-2"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? T.hideReports : T.showReports(item.reports.length)}
      </Button>
      {open && (
        <div id={listId} className={cx(c.wrap, 'mt-2')}>
          <table className={c.table}>
            <thead className={c.head}>
              <tr>
                <th scope="col" className={c.th}>
                  {T.reporter}
                </th>
                <th scope="col" className={c.th}>
                  {T.reason}
                </th>
                <th scope="col" className={c.th}>
                  {T.reportDetails}
                </th>
                <th scope="col" className={c.th}>
                  {T.when}
                </th>
              </tr>
            </thead>
            <tbody>
              {item.reports.map((r) => (
                <tr key={r.id} className={c.row}>
                  <td className={c.td}>{r.reporter}</td>
                  <td className={c.td}>{item.reasons.find((x) => x.reason === r.reason)?.label ?? r.reason}</td>
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
