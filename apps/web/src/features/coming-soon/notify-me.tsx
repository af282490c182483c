import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JoinUsDialog, useJoinPrompt } from '../../components/join-us-dialog';
import { Button } from '../../components/ui';
import { useAuth, useAuthStatus } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { featureStatusQuery, featureSubscriptionApi } from './api';
import { useComingSoonT } from './coming-soon-text';

/** 'Notify me' for a coming-soon feature: members follow it, anonymous visitors are asked to join. */
export function NotifyMe({ feature }: { feature: string }) {
  const t = useComingSoonT();
  const status = useAuthStatus();
  const memberId = useAuth().member?.id ?? 0;
  const signedIn = status === 'authenticated' && memberId > 0;
  const { joinOpen, closeJoin, askToJoin } = useJoinPrompt();
  const queryClient = useQueryClient();
  const query = useQuery({ ...featureStatusQuery(memberId, feature), enabled: signedIn });
  const toggle = useMutation({
    mutationFn: (subscribe: boolean) =>
      subscribe ? featureSubscriptionApi.subscribe(feature) : featureSubscriptionApi.unsubscribe(feature),
    onSuccess: (_data, subscribe) => {
      queryClient.setQueryData(featureStatusQuery(memberId, feature).queryKey, { subscribed: subscribe });
      if (subscribe) toast.success(t('notify.subscribedToast'));
    },
    onError: () => toast.error(t('notify.failed')),
  });

  if (!signedIn) {
    return (
      <>
        <Button onClick={() => askToJoin()}>{t('notify.notifyMe')}</Button>
        <JoinUsDialog
          open={joinOpen}
          onClose={closeJoin}
          title={t('notify.joinTitle')}
          description={t('notify.joinDescription')}
        />
      </>
    );
  }
  const subscribed = query.data?.subscribed ?? false;
  return (
    <Button
      variant={subscribed ? 'outline' : 'primary'}
      disabled={query.isPending || toggle.isPending}
      aria-pressed={subscribed}
      onClick={() => toggle.mutate(!subscribed)}
    >
      {subscribed ? t('notify.subscribed') : t('notify.notifyMe')}
    </Button>
  );
}
