import type { ServiceStatus } from '@bm/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Time, DataTable, dataTableClasses as tc } from '../../components/ui';
import { connectionsQuery } from './api';
import { SERVICE_KEYS, SERVICE_STATE_KEYS, useAdminT } from './admin-text';
import { AdminSection, Badge, QueryState } from './shared';

const tone = { up: 'good', down: 'bad', off: 'muted' } as const;

function ServiceCard({ service }: { service: ServiceStatus }) {
  const t = useAdminT();
  const label = t(SERVICE_KEYS[service.name]);
  return (
    <li>
      <Card className="flex h-full flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-semibold text-white">{label}</h3>
          <Badge tone={tone[service.state]}>{t(SERVICE_STATE_KEYS[service.state])}</Badge>
        </div>
        <p className="text-sm text-slate-400">
          {service.latencyMs === null ? '—' : t('latency', { ms: service.latencyMs })}
        </p>
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
  const t = useAdminT();
  const q = useQuery(connectionsQuery());
  return (
    <AdminSection
      title={t('connections.title')}
      actions={
        <Button variant="outline" onClick={() => void q.refetch()} disabled={q.isFetching}>
          {q.isFetching ? t('connections.checking') : t('connections.check')}
        </Button>
      }
    >
      <QueryState query={q} failedText={t('connections.loadFailed')}>
        {(d) => {
          return (
            <>
              <p className="text-sm text-slate-400" data-testid="checked-at">
                {t('connections.checked')} <Time value={d.checkedAt} />. {t('connections.refreshes')}
              </p>
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('connections.services')}>
                {d.services.map((s) => (
                  <ServiceCard key={s.name} service={s} />
                ))}
              </ul>
              <div className="grid gap-3 md:grid-cols-3">
                <Card>
                  <h3 className="mb-2 font-semibold text-white">{t('connections.realtime')}</h3>
                  <dl>
                    <Count label={t('connections.realtime')} value={d.realtimeClients} />
                  </dl>
                </Card>
                <Card>
                  <h3 className="mb-2 font-semibold text-white">{t('connections.jobs')}</h3>
                  <dl className="flex gap-6">
                    <Count label={t('connections.pending')} value={d.queues.jobs.pending} />
                    <Count label={t('connections.running')} value={d.queues.jobs.running} />
                    <Count label={t('connections.dead')} value={d.queues.jobs.dead} />
                  </dl>
                </Card>
                <Card>
                  <h3 className="mb-2 font-semibold text-white">{t('connections.mail')}</h3>
                  <dl className="flex gap-6">
                    <Count label={t('connections.pending')} value={d.queues.mail.pending} />
                    <Count label={t('connections.failed')} value={d.queues.mail.failed} />
                  </dl>
                </Card>
              </div>
              <div>
                <h3 className="mb-2 text-lg font-semibold text-white">{t('connections.deadJobs')}</h3>
                {d.deadJobs.length === 0 ? (
                  <p className="text-sm text-slate-400">{t('connections.noDeadJobs')}</p>
                ) : (
                  <DataTable
                    caption={t('connections.deadJobs')}
                    columns={[
                      '#',
                      t('connections.columns.kind'),
                      t('connections.columns.attempts'),
                      t('connections.columns.lastError'),
                      t('connections.columns.updated'),
                    ]}
                  >
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
                  </DataTable>
                )}
              </div>
            </>
          );
        }}
      </QueryState>
    </AdminSection>
  );
}
