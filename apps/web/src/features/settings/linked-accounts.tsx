import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, LoadingState, Time } from '../../components/ui';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { goToProvider, identitiesQuery, oauthApi, providersQuery } from '../../lib/oauth';
import { richText } from '../../lib/i18n/rich';
import { SectionCard } from './section-card';
import { settingsMessage, settingsT, useSettingsT } from './settings-text';

/** Settings → Security: the providers the member can sign in with, linking and unlinking them. */
export function LinkedAccounts() {
  const t = useSettingsT();
  const providers = useQuery(providersQuery());
  const identities = useQuery(identitiesQuery());
  const queryClient = useQueryClient();
  const [linking, setLinking] = useState<string | null>(null);
  const unlink = useMutation({
    mutationFn: (p: { id: string; name: string }) => oauthApi.unlink(p.id),
    onSuccess: (_res, p) => {
      toast.success(settingsT()('linked.unlinked', { name: p.name }));
      void queryClient.invalidateQueries({ queryKey: identitiesQuery().queryKey });
    },
    onError: (err) => toast.error(settingsMessage(errorText(err, settingsT()('linked.unlinkFailed')))),
  });
  const link = async (id: string) => {
    setLinking(id);
    try {
      await goToProvider(id, 'link');
    } catch (err) {
      toast.error(settingsMessage(errorText(err, settingsT()('linked.startFailed'))));
      setLinking(null);
    }
  };

  // Lists only when the answers have their shape (a failed or odd answer shows no rows, never breaks the page).
  const configured = Array.isArray(providers.data) ? providers.data : [];
  const linked = Array.isArray(identities.data?.identities) ? identities.data.identities : [];
  const rows = [
    ...configured.map((p) => ({
      id: p.id,
      name: p.name,
      identity: linked.find((i) => i.provider === p.id),
    })),
    // A provider no longer configured still shows while linked, so it can be unlinked.
    ...linked
      .filter((i) => !configured.some((p) => p.id === i.provider))
      .map((i) => ({ id: i.provider, name: i.name, identity: i })),
  ];
  if (providers.isSuccess && identities.isSuccess && rows.length === 0) return null;
  return (
    <SectionCard title={t('linked.heading')} intro={t('linked.intro')}>
      {providers.isPending || identities.isPending ? (
        <LoadingState text={t('linked.loading')} />
      ) : identities.isError ? (
        <Alert variant="error">{t('linked.loadFailed')}</Alert>
      ) : (
        <div className="space-y-4">
          {!identities.data.hasPassword && <Alert variant="info">{t('linked.noPassword')}</Alert>}
          <ul aria-label={t('linked.listLabel')} className="divide-y divide-slate-800">
            {rows.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-slate-100">{r.name}</p>
                  <p className="text-xs text-slate-400">
                    {r.identity ? (
                      <>
                        {r.identity.email && <>{r.identity.email} · </>}
                        {richText((v) => t('linked.linkedSince', v), {
                          time: <Time value={r.identity.createdAt} />,
                        })}
                        {r.identity.lastUsedAt && (
                          <>
                            {' '}
                            ·{' '}
                            {richText((v) => t('linked.lastUsed', v), {
                              time: <Time value={r.identity.lastUsedAt} />,
                            })}
                          </>
                        )}
                      </>
                    ) : (
                      t('linked.notLinked')
                    )}
                  </p>
                </div>
                {r.identity ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={unlink.isPending}
                    onClick={() => unlink.mutate({ id: r.id, name: r.name })}
                  >
                    {t('linked.unlink', { name: r.name })}
                  </Button>
                ) : (
                  <Button variant="secondary" size="sm" disabled={linking !== null} onClick={() => void link(r.id)}>
                    {linking === r.id ? t('linked.redirecting') : t('linked.link', { name: r.name })}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  );
}
