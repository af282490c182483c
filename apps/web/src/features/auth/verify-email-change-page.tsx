import { AUTH_MESSAGES } from '@bm/core';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, ButtonLink, Spinner } from '../../components/ui';
import { errorText } from '../../lib/api';
import { reloadMember, useAuthStatus } from '../../lib/auth';
import { authApi } from './api';
import { AuthCard } from './auth-card';
import { useAuthMessage, useAuthT } from './auth-text';

/** An error's message is the server's (English, shown through the catalogue when it knows it); empty: no token. */
type Phase = { kind: 'working' } | { kind: 'success' } | { kind: 'error'; message: string };

/** /verify-email-change?token=: confirms the new address from the mail link. */
export function VerifyEmailChangePage() {
  const t = useAuthT();
  const tm = useAuthMessage();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const status = useAuthStatus();
  const [phase, setPhase] = useState<Phase>(() => (token ? { kind: 'working' } : { kind: 'error', message: '' }));
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    authApi
      .confirmEmailChange(token)
      .then(() => {
        setPhase({ kind: 'success' });
        void reloadMember();
      })
      .catch((err: unknown) =>
        setPhase({ kind: 'error', message: errorText(err, AUTH_MESSAGES.emailChangeConfirmFailed) }),
      );
  }, [token]);

  const title =
    phase.kind === 'success'
      ? t('verifyChange.successTitle')
      : phase.kind === 'error'
        ? t('verifyChange.failedTitle')
        : t('verifyChange.title');

  return (
    <AuthCard title={title}>
      <div className="space-y-4 text-center" aria-live="polite">
        {phase.kind === 'working' ? (
          <div className="flex flex-col items-center gap-3 py-4">
            <Spinner label={t('verifyChange.confirming')} />
            <p className="text-sm text-slate-300">{t('verifyChange.confirming')}</p>
          </div>
        ) : (
          <>
            <Alert variant={phase.kind === 'success' ? 'success' : 'error'}>
              {phase.kind === 'success' ? t('verifyChange.success') : (tm(phase.message) ?? t('verifyChange.noToken'))}
            </Alert>
            {status === 'authenticated' ? (
              <ButtonLink to="/account/settings/account">{t('verifyChange.goToSettings')}</ButtonLink>
            ) : (
              <ButtonLink to="/">{t('verifyChange.goHome')}</ButtonLink>
            )}
          </>
        )}
      </div>
    </AuthCard>
  );
}
