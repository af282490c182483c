import { DEFAULT_NOTIFICATION_PREFERENCES, PLUGIN_SUB_PREFERENCES, type NotificationPreferences } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, Spinner, Switch } from '../../components/ui';
import { getAuthState } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { notificationSettingsQuery, settingsApi } from './api';
import { NOTIFICATIONS_TEXT, PREFERENCE_LABELS } from './constants';
import { SectionCard } from './section-card';

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
  const queryClient = useQueryClient();
  const query = useQuery(notificationSettingsQuery());
  const loaded = query.data ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const values = draft ?? loaded;

  useEffect(() => {
    if (query.isError) toast.error(NOTIFICATIONS_TEXT.loadFailed, { id: 'prefs-load-failed' });
  }, [query.isError]);

  const save = useMutation({
    mutationFn: settingsApi.saveNotificationSettings,
    onSuccess: (saved, sent) => {
      queryClient.setQueryData(notificationSettingsQuery().queryKey, saved ?? sent);
      setDraft(null);
      toast.success(NOTIFICATIONS_TEXT.updated);
    },
    onError: () => toast.error(NOTIFICATIONS_TEXT.updateFailed),
  });

  const set = (key: keyof NotificationPreferences, on: boolean) => setDraft({ ...values, [key]: on });
  const dirty = !samePrefs(values, loaded);

  const onSave = () => {
    if (!getAuthState().token) {
      toast.error(NOTIFICATIONS_TEXT.notSignedIn);
      return;
    }
    save.mutate(values);
  };

  return (
    <SectionCard title={NOTIFICATIONS_TEXT.heading} intro={NOTIFICATIONS_TEXT.intro}>
      {query.isPending ? (
        <Spinner label="Loading preferences" />
      ) : (
        <div className="space-y-5">
          <ul className="space-y-4">
            {ORDER.map((key) => {
              const sub = SUB.has(key);
              return (
                <li key={key} className={sub ? 'ml-6 border-l border-slate-800 pl-4' : undefined}>
                  <Switch
                    checked={values[key]}
                    onChange={(on) => set(key, on)}
                    label={PREFERENCE_LABELS[key].label}
                    description={PREFERENCE_LABELS[key].description}
                    disabled={(sub && !values.pluginAll) || save.isPending}
                  />
                </li>
              );
            })}
          </ul>
          <div className="flex gap-2">
            <Button onClick={onSave} disabled={save.isPending}>
              {save.isPending ? NOTIFICATIONS_TEXT.saving : NOTIFICATIONS_TEXT.save}
            </Button>
            <Button variant="outline" onClick={() => setDraft(null)} disabled={!dirty || save.isPending}>
              {NOTIFICATIONS_TEXT.reset}
            </Button>
          </div>
        </div>
      )}
    </SectionCard>
  );
}
