import type { ServiceStatus } from '@bm/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Time } from '../../components/ui';
import { connectionsQuery } from './api';
import { ADMIN_TEXT, SERVICE_LABELS, STATE_LABELS } from './constants';
import { AdminSection, Badge, QueryState, tableClasses as tc } from './shared';

const T = ADMIN_TEXT.connections;
const tone = { up: 'good', down: 'bad', off: 'muted' } as const;

function ServiceCard({ service }: { service: ServiceStatus }) {
  const label = SERVICE_LABELS[service.name];
  return (
    <li>
      <Card className="flex h-full flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-semibold text-white">{label}</h3>
          <Badge tone={tone[service.state]}>{STATE_LABELS[service.state]}</Badge>
        </div>
        <p className="text-sm text-slate-400">{T.latency(service.latencyMs)}</p>
        <p className="break-words text-sm text-slate-300">{service.detail}</p>
      </Card>
    </li>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="text-2xl font-semibold text-white">{value}</dd>
    </div>
  );
}

export function ConnectionsPage() {
  const q = useQuery(connectionsQuery());
  return (
    <AdminSection
      title={T.title}
      actions={
        <Button variant="outline" onClick={() => void q.refetch()} disabled={q.isFetching}>
          {q.isFetching ? T.checking : T.check}
        </Button>
      }
    >
      <QueryState isPending={q.isPending} error={q.isError ? q.error : null} failedText={T.loadFailed}>
        {() => {
          const d = q.data!;
          return (
            <>
              <p className="text-sm text-slate-400" data-testid="checked-at">
                {T.checked} <Time value={d.checkedAt} />. {T.refreshes}
              </p>
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Services">
                {d.services.map((s) => (
                  <ServiceCard key={s.name} service={s} />
                ))}
              </ul>
              <div className="grid gap-3 md:grid-cols-3">
                <Card>
                  <h3 className="mb-2 font-semibold text-white">{T.realtime}</h3>
                  <dl>
                    <Count label={T.realtime} value={d.realtimeClients} />
                  </dl>
                </Card>
                <Card>
                  <h3 className="mb-2 font-semibold text-white">{T.jobs}</h3>
                  <dl className="flex gap-6">
                    <Count label={T.pending} value={d.queues.jobs.pending} />
                    <Count label={T.running} value={d.queues.jobs.running} />
                    <Count label={T.dead} value={d.queues.jobs.dead} />
                  </dl>
                </Card>
                <Card>
                  <h3 className="mb-2 font-semibold text-white">{T.mail}</h3>
                  <dl className="flex gap-6">
                    <Count label={T.pending} value={d.queues.mail.pending} />
                    <Count label={T.failed} value={d.queues.mail.failed} />
                  </dl>
                </Card>
              </div>
              <div>
                <h3 className="mb-2 text-lg font-semibold text-white">{T.deadJobs}</h3>
                {d.deadJobs.length === 0 ? (
                  <p className="text-sm text-slate-400">{T.noDeadJobs}</p>
                ) : (
                  <div className={tc.wrap}>
                    <table className={tc.table}>
                      <caption className="sr-only">{T.deadJobs}</caption>
                      <thead className={tc.head}>
                        <tr>
                          <th scope="col" className={tc.th}>
                            #
                          </th>
                          <th scope="col" className={tc.th}>
                            Kind
                          </th>
                          <th scope="col" className={tc.th}>
                            Attempts
                          </th>
                          <th scope="col" className={tc.th}>
                            Last error
                          </th>
                          <th scope="col" className={tc.th}>
                            Updated
                          </th>
                        </tr>
                      </thead>
                      <tbody className={tc.body}>
                        {d.deadJobs.map((j) => (
                          <tr key={j.id}>
                            <td className={tc.td}>{j.id}</td>
                            <td className={tc.td}>{j.kind}</td>
                            <td className={tc.td}>{j.attempts}</td>
                            <td className={`${tc.td} break-words text-rose-300`}>{j.lastError ?? ''}</td>
                            <td className={tc.td}>
                              <Time value={j.updatedAt} />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </div>
            </>
          );
        }}
      </QueryState>
    </AdminSection>
  );
}
