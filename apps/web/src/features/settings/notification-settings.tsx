import { DEFAULT_NOTIFICATION_PREFERENCES, PLUGIN_SUB_PREFERENCES, type NotificationPreferences } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, Spinner, Switch } from '../../components/ui';
import { getAuthState } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { notificationSettingsQuery, settingsApi } from './api';
import { SectionCard } from './section-card';
import { PREFERENCE_KEYS, settingsT, useSettingsT } from './settings-text';

const ORDER: Array<keyof NotificationPreferences> = [
  'pluginAll',
  'pluginApproved',
  'pluginDenied',
  'buildFailures',
  'pluginComments',
  'followedUpdates',
  'inboxNotifications',
  'productUpdates',
];
const SUB = new Set<string>(PLUGIN_SUB_PREFERENCES);

function samePrefs(a: NotificationPreferences, b: NotificationPreferences): boolean {
  return ORDER.every((k) => a[k] === b[k]);
}

export function NotificationSettings() {
  const t = useSettingsT();
  const queryClient = useQueryClient();
  const query = useQuery(notificationSettingsQuery());
  const loaded = query.data ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const values = draft ?? loaded;

  useEffect(() => {
    if (query.isError) toast.error(settingsT()('messages.preferencesLoadFailed'), { id: 'prefs-load-failed' });
  }, [query.isError]);

  const save = useMutation({
    mutationFn: settingsApi.saveNotificationSettings,
    onSuccess: (saved, sent) => {
      queryClient.setQueryData(notificationSettingsQuery().queryKey, saved ?? sent);
      setDraft(null);
      toast.success(settingsT()('messages.preferencesUpdated'));
    },
    onError: () => toast.error(settingsT()('messages.preferencesUpdateFailed')),
  });

  const set = (key: keyof NotificationPreferences, on: boolean) => setDraft({ ...values, [key]: on });
  const dirty = !samePrefs(values, loaded);

  const onSave = () => {
    if (!getAuthState().token) {
      toast.error(t('messages.preferencesNotSignedIn'));
      return;
    }
    save.mutate(values);
  };

  return (
    <SectionCard title={t('notifications.heading')} intro={t('notifications.intro')}>
      {query.isPending ? (
        <Spinner label={t('notifications.loading')} />
      ) : (
        <div className="space-y-5">
          <ul className="space-y-4">
            {ORDER.map((key) => {
              const sub = SUB.has(key);
              const [label, description] = PREFERENCE_KEYS[key];
              return (
                <li key={key} className={sub ? 'ml-6 border-l border-slate-800 pl-4' : undefined}>
                  <Switch
                    checked={values[key]}
                    onChange={(on) => set(key, on)}
                    label={t(label)}
                    description={t(description)}
                    disabled={(sub && !values.pluginAll) || save.isPending}
                  />
                </li>
              );
            })}
          </ul>
          <div className="flex gap-2">
            <Button onClick={onSave} disabled={save.isPending}>
              {save.isPending ? t('notifications.saving') : t('notifications.save')}
            </Button>
            <Button variant="outline" onClick={() => setDraft(null)} disabled={!dirty || save.isPending}>
              {t('notifications.reset')}
            </Button>
          </div>
        </div>
      )}
    </SectionCard>
  );
}
