import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, ButtonLink, Spinner } from '../../components/ui';
import { errorText } from '../../lib/api';
import { reloadMember, useAuthStatus } from '../../lib/auth';
import { authApi } from './api';
import { AuthCard } from './auth-card';
import { VERIFY_CHANGE_TEXT } from './constants';

type Phase = { kind: 'working' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** /verify-email-change?token=: confirms the new address from the mail link. */
export function VerifyEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const status = useAuthStatus();
  const [phase, setPhase] = useState<Phase>(() =>
    token ? { kind: 'working' } : { kind: 'error', message: VERIFY_CHANGE_TEXT.noToken },
  );
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    authApi
      .confirmEmailChange(token)
      .then((res) => {
        setPhase({ kind: 'success', message: res?.message || VERIFY_CHANGE_TEXT.success });
        void reloadMember();
      })
      .catch((err: unknown) => setPhase({ kind: 'error', message: errorText(err, VERIFY_CHANGE_TEXT.failed) }));
  }, [token]);

  const title =
    phase.kind === 'success'
      ? VERIFY_CHANGE_TEXT.successTitle
      : phase.kind === 'error'
        ? VERIFY_CHANGE_TEXT.failedTitle
        : VERIFY_CHANGE_TEXT.title;

  return (
    <AuthCard title={title}>
      <div className="space-y-4 text-center" aria-live="polite">
        {phase.kind === 'working' ? (
          <div className="flex flex-col items-center gap-3 py-4">
            <Spinner label={VERIFY_CHANGE_TEXT.confirming} />
            <p className="text-sm text-slate-300">{VERIFY_CHANGE_TEXT.confirming}</p>
          </div>
        ) : (
          <>
            <Alert variant={phase.kind === 'success' ? 'success' : 'error'}>{phase.message}</Alert>
            {status === 'authenticated' ? (
              <ButtonLink to="/account/settings/account">{VERIFY_CHANGE_TEXT.goToSettings}</ButtonLink>
            ) : (
              <ButtonLink to="/">{VERIFY_CHANGE_TEXT.goHome}</ButtonLink>
            )}
          </>
        )}
      </div>
    </AuthCard>
  );
}
