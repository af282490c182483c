import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui';
import { stopImpersonation, useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { shellT, useShellT } from './shell-text';

/** While an administrator acts as someone else: who, and the way back (sign in again). */
export function ImpersonationBanner() {
  const t = useShellT();
  const { member, impersonatorUsername } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!member?.isImpersonating) return null;

  const stop = async () => {
    setBusy(true);
    try {
      await stopImpersonation();
    } catch {
      toast.error(shellT()('impersonation.failed'));
    } finally {
      setBusy(false);
      navigate('/login', { replace: true });
    }
  };

  return (
    <div role="region" aria-label={t('impersonation.region')} className="border-b border-amber-500/40 bg-amber-500/15">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm text-amber-100">
        <p>
          <strong>{t('impersonation.viewing', { username: member.username })}</strong>{' '}
          {impersonatorUsername && (
            <span className="text-amber-200/80">{t('impersonation.as', { admin: impersonatorUsername })}</span>
          )}
        </p>
        <Button size="sm" variant="secondary" onClick={stop} disabled={busy}>
          {busy ? t('impersonation.stopping') : t('impersonation.stop')}
        </Button>
      </div>
    </div>
  );
}
