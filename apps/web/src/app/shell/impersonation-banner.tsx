import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui';
import { IMPERSONATION_MESSAGES, stopImpersonation, useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';

export const IMPERSONATION_TEXT = {
  viewing: (username: string) => `You are impersonating ${username}.`,
  as: (admin: string) => `Signed in as ${admin}.`,
  stop: 'Stop Impersonation',
  stopping: 'Stopping...',
  failed: IMPERSONATION_MESSAGES.stopFailed,
} as const;

/** While an administrator acts as someone else: who, and the way back (sign in again). */
export function ImpersonationBanner() {
  const { member, impersonatorUsername } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!member?.isImpersonating) return null;

  const stop = async () => {
    setBusy(true);
    try {
      await stopImpersonation();
    } catch {
      toast.error(IMPERSONATION_TEXT.failed);
    } finally {
      setBusy(false);
      navigate('/login', { replace: true });
    }
  };

  return (
    <div role="region" aria-label="Impersonation" className="border-b border-amber-500/40 bg-amber-500/15">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm text-amber-100">
        <p>
          <strong>{IMPERSONATION_TEXT.viewing(member.username)}</strong>{' '}
          {impersonatorUsername && (
            <span className="text-amber-200/80">{IMPERSONATION_TEXT.as(impersonatorUsername)}</span>
          )}
        </p>
        <Button size="sm" variant="secondary" onClick={stop} disabled={busy}>
          {busy ? IMPERSONATION_TEXT.stopping : IMPERSONATION_TEXT.stop}
        </Button>
      </div>
    </div>
  );
}
