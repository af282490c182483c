import { useState } from 'react';
import { Button } from '../../components/ui';
import { retryMemberLoad, SESSION_TEXT, useAuth } from '../../lib/auth';
import { useShellT } from './shell-text';

/** The signed-in member failed to load (network or server error): say so, keep the session, offer Retry. */
export function MemberLoadError() {
  const t = useShellT();
  const { memberError, member } = useAuth();
  const [busy, setBusy] = useState(false);
  if (!memberError || member) return null;

  const retry = async () => {
    setBusy(true);
    try {
      await retryMemberLoad();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div role="alert" className="border-b border-rose-500/40 bg-rose-500/15">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm text-rose-100">
        <p>{memberError === SESSION_TEXT.memberFetchFailed ? t('memberLoadError.failed') : memberError}</p>
        <Button size="sm" variant="secondary" onClick={() => void retry()} disabled={busy}>
          {t('memberLoadError.retry')}
        </Button>
      </div>
    </div>
  );
}
