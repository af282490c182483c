import type { SessionInfo } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, LoadingState, Time } from '../../components/ui';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { richText } from '../../lib/i18n/rich';
import { SectionCard } from './section-card';
import { sessionsApi, sessionsQuery } from './security-api';
import { settingsMessage, settingsT, useSettingsT } from './settings-text';

const nameOf = (s: SessionInfo, t: ReturnType<typeof settingsT>) =>
  t('sessions.on', {
    browser: s.browser ?? t('sessions.unknownBrowser'),
    device: s.device ?? t('sessions.unknownDevice'),
  });

/** Settings → Security: the member's sessions, ending one or all but this one. */
export function SessionsList() {
  const t = useSettingsT();
  const query = useQuery(sessionsQuery());
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
  const end = useMutation({
    mutationFn: (id: string) => sessionsApi.end(id),
    onSuccess: () => {
      toast.success(settingsT()('sessions.ended'));
      void refresh();
    },
    onError: (err) => toast.error(settingsMessage(errorText(err, settingsT()('sessions.endFailed')))),
  });
  const endOthers = useMutation({
    mutationFn: () => sessionsApi.endOthers(),
    onSuccess: (res) => {
      toast.success(settingsT()('sessions.endedOthers', { count: res.revoked }));
      void refresh();
    },
    onError: (err) => toast.error(settingsMessage(errorText(err, settingsT()('sessions.endFailed')))),
  });

  const others = query.data?.filter((s) => !s.current).length ?? 0;
  return (
    <SectionCard title={t('sessions.heading')} intro={t('sessions.intro')}>
      {query.isPending ? (
        <LoadingState text={t('loading')} />
      ) : query.isError ? (
        <Alert variant="error">{t('sessions.loadFailed')}</Alert>
      ) : (
        <div className="space-y-4">
          <ul aria-label={t('sessions.listLabel')} className="divide-y divide-slate-800">
            {query.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-slate-100">
                    {nameOf(s, t)}
                    {s.current && (
                      <span className="ml-2 rounded-full bg-emerald-900/60 px-2 py-0.5 text-xs text-emerald-200">
                        {t('sessions.current')}
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-slate-400">
                    {richText((v) => t('sessions.lastSeen', v), {
                      time: <Time value={s.lastSeenAt ?? s.createdAt} />,
                    })}{' '}
                    · {richText((v) => t('sessions.signedIn', v), { time: <Time value={s.createdAt} /> })}
                    {s.ipPrefix && (
                      <>
                        {' '}
                        ·{' '}
                        {richText((v) => t('sessions.network', v), {
                          network: <span className="break-all">{s.ipPrefix}</span>,
                        })}
                      </>
                    )}
                  </p>
                </div>
                {!s.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('sessions.endLabel', { name: nameOf(s, t) })}
                    disabled={end.isPending && end.variables === s.id}
                    onClick={() => end.mutate(s.id)}
                  >
                    {end.isPending && end.variables === s.id ? t('sessions.ending') : t('sessions.end')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others > 0 ? (
            <Button variant="danger" size="sm" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
              {endOthers.isPending ? t('sessions.ending') : t('sessions.endOthers')}
            </Button>
          ) : (
            <p className="text-sm text-slate-400">{t('sessions.onlyThis')}</p>
          )}
        </div>
      )}
    </SectionCard>
  );
}
