import type { SessionInfo } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, LoadingState, Time } from '../../components/ui';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { SectionCard } from './section-card';
import { sessionsApi, sessionsQuery } from './security-api';
import { SESSIONS_TEXT as T } from './security-text';

const nameOf = (s: SessionInfo) => T.on(s.browser ?? T.unknownBrowser, s.device ?? T.unknownDevice);

/** Settings → Security: the member's sessions, ending one or all but this one. */
export function SessionsList() {
  const query = useQuery(sessionsQuery());
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
  const end = useMutation({
    mutationFn: (id: string) => sessionsApi.end(id),
    onSuccess: () => {
      toast.success(T.ended);
      void refresh();
    },
    onError: (err) => toast.error(errorText(err, T.endFailed)),
  });
  const endOthers = useMutation({
    mutationFn: () => sessionsApi.endOthers(),
    onSuccess: (res) => {
      toast.success(T.endedOthers(res.revoked));
      void refresh();
    },
    onError: (err) => toast.error(errorText(err, T.endFailed)),
  });

  const others = query.data?.filter((s) => !s.current).length ?? 0;
  return (
    <SectionCard title={T.heading} intro={T.intro}>
      {query.isPending ? (
        <LoadingState text={T.loading} />
      ) : query.isError ? (
        <Alert variant="error">{T.loadFailed}</Alert>
      ) : (
        <div className="space-y-4">
          <ul aria-label={T.listLabel} className="divide-y divide-slate-800">
            {query.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-slate-100">
                    {nameOf(s)}
                    {s.current && (
                      <span className="ml-2 rounded-full bg-emerald-900/60 px-2 py-0.5 text-xs text-emerald-200">
                        {T.current}
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-slate-400">
                    {T.lastSeen} <Time value={s.lastSeenAt ?? s.createdAt} /> · {T.signedIn}{' '}
                    <Time value={s.createdAt} />
                    {s.ipPrefix && (
                      <>
                        {' '}
                        · {T.network} <span className="break-all">{s.ipPrefix}</span>
                      </>
                    )}
                  </p>
                </div>
                {!s.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={T.endLabel(nameOf(s))}
                    disabled={end.isPending && end.variables === s.id}
                    onClick={() => end.mutate(s.id)}
                  >
                    {end.isPending && end.variables === s.id ? T.ending : T.end}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others > 0 ? (
            <Button variant="danger" size="sm" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
              {endOthers.isPending ? T.endingOthers : T.endOthers}
            </Button>
          ) : (
            <p className="text-sm text-slate-400">{T.onlyThis}</p>
          )}
        </div>
      )}
    </SectionCard>
  );
}
