import type { ReportedPluginItem } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, cx, Dialog, focusRing } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { moderationApi, moderationKeys, reportedListQuery } from './api';
import { useListParams } from './components';
import { moderationMessage, useModerationT } from './moderation-text';
import { ReportedCars, ReportedComments, ReportedList, ReportedTitle, ReportsRow } from './reported-content';

type Action = 'dismiss' | 'hide' | 'restore';

const ACTIONS = {
  dismiss: { call: moderationApi.dismissReports, done: 'reported.dismissed' },
  hide: { call: moderationApi.hidePlugin, done: 'reported.pluginHidden' },
  restore: { call: moderationApi.restorePlugin, done: 'reported.pluginRestored' },
} as const satisfies Record<Action, { call: (pluginId: number) => Promise<void>; done: string }>;

function ReportedPlugins() {
  const t = useModerationT();
  useDocumentTitle(t('reported.pluginsTitle'));
  const client = useQueryClient();
  const { page, search } = useListParams();
  const q = useQuery(reportedListQuery({ page, search }));
  const [confirming, setConfirming] = useState<ReportedPluginItem | null>(null);

  const act = useMutation({
    mutationFn: ({ action, pluginId }: { action: Action; pluginId: number }) => ACTIONS[action].call(pluginId),
    onSuccess: (_r, { action }) => {
      toast.success(t(ACTIONS[action].done));
      setConfirming(null);
      void client.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: (err) => toast.error(moderationMessage(t, errorText(err, t('reported.actionFailed')))),
  });

  return (
    <>
      <ReportedList
        titleId="reported-title"
        title={t('reported.pluginsTitle')}
        q={q}
        failed={t('reported.pluginsFailed')}
        empty={t('reported.noPlugins')}
        render={(item) => (
          <ReportsRow
            key={item.pluginId}
            id={`plugin-${item.pluginId}`}
            kind="plugin"
            item={item}
            title={<ReportedTitle to={`/plugin/${item.pluginId}`} name={item.name} hidden={!item.isActive} />}
            meta={item.submitter}
            actions={
              <PluginActions
                item={item}
                busy={act.isPending && act.variables.pluginId === item.pluginId}
                onDismiss={() => act.mutate({ action: 'dismiss', pluginId: item.pluginId })}
                onHide={() => setConfirming(item)}
                onRestore={() => act.mutate({ action: 'restore', pluginId: item.pluginId })}
              />
            }
          />
        )}
      />
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('reported.confirmHideTitle')}
        description={confirming ? t('reported.confirmHideText', { name: confirming.name }) : undefined}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(null)}>
            {t('reported.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={act.isPending}
            onClick={() => confirming && act.mutate({ action: 'hide', pluginId: confirming.pluginId })}
          >
            {t('reported.hidePlugin')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function PluginActions({
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
  const t = useModerationT();
  return (
    <>
      <Button size="sm" variant="outline" onClick={onDismiss} disabled={busy}>
        {t('reported.dismiss')}
      </Button>
      {item.isActive ? (
        <Button size="sm" variant="danger" onClick={onHide} disabled={busy}>
          {t('reported.hidePlugin')}
        </Button>
      ) : (
        <Button size="sm" variant="secondary" onClick={onRestore} disabled={busy}>
          {t('reported.restorePlugin')}
        </Button>
      )}
    </>
  );
}

const TABS = [
  { tab: 'plugins', label: 'reported.tabPlugins' },
  { tab: 'cars', label: 'reported.tabCars' },
  { tab: 'comments', label: 'reported.tabComments' },
] as const;

/** The Reported screen: plugins, cars and comments with open reports, a tab each (?tab=cars, ?tab=comments). */
export function ReportedPluginsPage() {
  const t = useModerationT();
  const [sp] = useSearchParams();
  const tab = TABS.find((x) => x.tab === sp.get('tab'))?.tab ?? 'plugins';
  return (
    <div className="space-y-4">
      <nav aria-label={t('reported.tabs')}>
        <ul className="flex flex-wrap gap-2 border-b border-slate-800 pb-2">
          {TABS.map((x) => (
            <li key={x.tab}>
              <Link
                to={x.tab === 'plugins' ? '?' : `?tab=${x.tab}`}
                aria-current={x.tab === tab ? 'page' : undefined}
                className={cx(
                  'inline-block rounded-lg px-3 py-1.5 text-sm font-medium',
                  x.tab === tab ? 'bg-sky-500/15 text-sky-200' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                  focusRing,
                )}
              >
                {t(x.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'cars' ? <ReportedCars /> : tab === 'comments' ? <ReportedComments /> : <ReportedPlugins />}
    </div>
  );
}
