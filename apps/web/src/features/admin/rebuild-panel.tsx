import { useQuery } from '@tanstack/react-query';
import { Card, DataTable, dataTableClasses as tc } from '../../components/ui';
import { rebuildQuery } from './api';
import { REBUILD_STATUS_KEYS, useAdminT } from './admin-text';
import { Badge, QueryState } from './shared';

const TONES = { queued: 'muted', building: 'info', passed: 'good', failed: 'bad' } as const;

/** The live progress of a game version's rebuild (polled every 2 s while any plugin is queued or building). */
export function RebuildPanel({ gameVersionId, name }: { gameVersionId: number; name: string }) {
  const t = useAdminT();
  const progress = useQuery(rebuildQuery(gameVersionId));
  const columns = [
    t('gameVersions.rebuildColumns.plugin'),
    t('gameVersions.rebuildColumns.status'),
    t('gameVersions.rebuildColumns.log'),
  ];
  return (
    <Card>
      <section aria-labelledby="rebuild-title" className="flex flex-col gap-3" data-testid="rebuild-panel">
        <h3 id="rebuild-title" className="text-lg font-semibold text-white">
          {t('gameVersions.rebuildTitle', { name })}
        </h3>
        <p className="text-sm text-slate-400">{t('gameVersions.rebuildIntro')}</p>
        <QueryState query={progress} failedText={t('gameVersions.loadFailed')}>
          {(p) => {
            return (
              <>
                <p role="status" className="text-sm text-slate-200">
                  {p.total === 0
                    ? t('gameVersions.rebuildNone')
                    : t('gameVersions.rebuildCounts', {
                        done: p.passed + p.failed,
                        total: p.total,
                        passed: p.passed,
                        failed: p.failed,
                        building: p.building,
                        queued: p.queued,
                      })}
                </p>
                {p.total > 0 && (
                  <DataTable caption={t('gameVersions.rebuildTitle', { name })} columns={columns}>
                    {p.items.map((item) => (
                      <tr key={item.pluginId} data-testid="rebuild-item">
                        <td className={tc.td}>{item.pluginName}</td>
                        <td className={tc.td}>
                          <Badge tone={TONES[item.status]}>{t(REBUILD_STATUS_KEYS[item.status])}</Badge>
                        </td>
                        <td className={tc.td}>
                          {item.logUrl && (
                            <a
                              href={item.logUrl}
                              className="text-sky-300 underline"
                              aria-label={t('gameVersions.logLabel', { plugin: item.pluginName })}
                            >
                              {t('gameVersions.log')}
                            </a>
                          )}
                        </td>
                      </tr>
                    ))}
                  </DataTable>
                )}
              </>
            );
          }}
        </QueryState>
      </section>
    </Card>
  );
}
