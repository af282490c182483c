import type { PluginCompatibilityAnswer, PluginDetail } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TitledSection } from '../../../components/titled-section';
import { Button, cx, focusRing } from '../../../components/ui';
import { patchPluginDetail, pluginKeys } from '../api';
import { compatibilityApi, compatibilityKeys, pluginCompatibilityQuery } from './api';
import { usePluginsT } from '../plugins-text';

/**
 * The plugin page's compatibility box (the badge itself is under the page's header): how many members
 * report it works or broken, and for a signed-in member other than the author the Works / Broken
 * buttons (their own report pressed; pressing it again, or Withdraw, takes it back).
 */
export function CompatibilityPanel({
  plugin,
  signedIn,
  isOwner,
}: {
  plugin: PluginDetail;
  signedIn: boolean;
  isOwner: boolean;
}) {
  const t = usePluginsT();
  const client = useQueryClient();
  const answer = useQuery(pluginCompatibilityQuery(plugin.id));
  const current = answer.data?.current ?? null;
  const myReport = answer.data?.myReport ?? null;
  const save = useMutation({
    mutationFn: (works: boolean | null) =>
      works === null
        ? compatibilityApi.withdraw(plugin.id, current!.gameVersionId)
        : compatibilityApi.report(plugin.id, current!.gameVersionId, works),
    onSuccess: (next: PluginCompatibilityAnswer) => {
      client.setQueryData(compatibilityKeys.plugin(plugin.id), next);
      if (next.current) {
        patchPluginDetail(client, plugin.id, {
          compatibility: { gameVersionId: next.current.gameVersionId, status: next.current.status },
        });
      }
      // The cards of the lists show the new status.
      void client.invalidateQueries({ queryKey: pluginKeys.lists() });
    },
  });
  const pending = save.isPending ? save.variables : undefined;
  const mine = pending !== undefined ? (pending === null ? null : { works: pending }) : myReport;

  return (
    <TitledSection
      title={t('compatibility.heading')}
      className="space-y-3 rounded-xl border border-slate-800 bg-slate-900/60 p-4"
      headingClassName="font-semibold text-white"
      testId="compatibility-panel"
    >
      {answer.data && !current && <p className="text-sm text-slate-400">{t('compatibility.noVersion')}</p>}
      {current && (
        <>
          <p className="text-sm text-slate-300" data-testid="compatibility-counts">
            {t('compatibility.counts', {
              works: t('compatibility.countWorks', { count: current.works }),
              broken: t('compatibility.countBroken', { count: current.broken }),
            })}
          </p>
          {current.declared && <p className="text-sm text-slate-400">{t('compatibility.declared')}</p>}
          {current.rebuild && (
            <p className="text-sm text-slate-400">
              {current.rebuild.status === 'passed'
                ? t('compatibility.rebuildPassed')
                : t('compatibility.rebuildFailed')}{' '}
              {current.rebuild.logUrl && (
                <a href={current.rebuild.logUrl} className={cx('text-sky-300 hover:underline', focusRing)}>
                  {t('compatibility.rebuildLog')}
                </a>
              )}
            </p>
          )}
          {!signedIn && <p className="text-sm text-slate-400">{t('compatibility.signIn')}</p>}
          {isOwner && <p className="text-sm text-slate-400">{t('compatibility.ownPlugin')}</p>}
          {signedIn && !isOwner && (
            <div role="group" aria-labelledby="compatibility-ask" className="space-y-2">
              <p id="compatibility-ask" className="text-sm text-slate-200">
                {t('compatibility.ask', { name: current.gameVersionName })}
              </p>
              <div className="flex flex-wrap gap-2">
                {([true, false] as const).map((works) => {
                  const pressed = mine?.works === works;
                  return (
                    <Button
                      key={String(works)}
                      size="sm"
                      variant={pressed ? 'primary' : 'outline'}
                      aria-pressed={pressed}
                      disabled={save.isPending}
                      onClick={() => save.mutate(pressed ? null : works)}
                    >
                      {works ? t('compatibility.works') : t('compatibility.broken')}
                    </Button>
                  );
                })}
              </div>
              {mine && (
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-400">
                  <span>{mine.works ? t('compatibility.myReportWorks') : t('compatibility.myReportBroken')}</span>
                  <button
                    type="button"
                    disabled={save.isPending}
                    onClick={() => save.mutate(null)}
                    className={cx('rounded text-sky-300 underline-offset-2 hover:underline', focusRing)}
                  >
                    {t('compatibility.withdraw')}
                  </button>
                </p>
              )}
            </div>
          )}
        </>
      )}
    </TitledSection>
  );
}
