import { AUTH_MESSAGES, VERIFY_REDIRECT_MS } from '@bm/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, ButtonLink, Spinner } from '../../components/ui';
import { errorText } from '../../lib/api';
import { completeSignIn } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { authApi } from './api';
import { AuthCard } from './auth-card';
import { authT, useAuthMessage, useAuthT } from './auth-text';

type Phase = { kind: 'verifying' } | { kind: 'success' } | { kind: 'error'; message: string };

/** /verify-email?token=: verifies on arrival, signs the member in and moves on to the dashboard. */
export function VerifyEmailPage() {
  const t = useAuthT();
  const tm = useAuthMessage();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>(() =>
    token ? { kind: 'verifying' } : { kind: 'error', message: AUTH_MESSAGES.verifyNoToken },
  );
  // Verification tokens are single use: never send one twice (StrictMode runs effects twice).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    let timer: ReturnType<typeof setTimeout> | undefined;
    authApi
      .verifyEmail(token)
      .then(async (res) => {
        await completeSignIn(res, false);
        setPhase({ kind: 'success' });
        toast.success(authT()('messages.verifyToast'));
        timer = setTimeout(() => navigate('/dashboard', { replace: true }), VERIFY_REDIRECT_MS);
      })
      .catch((err: unknown) => setPhase({ kind: 'error', message: errorText(err, AUTH_MESSAGES.verifyFailed) }));
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [token, navigate]);

  const title =
    phase.kind === 'success'
      ? t('verify.successTitle')
      : phase.kind === 'error'
        ? t('verify.failedTitle')
        : t('verify.title');

  return (
    <AuthCard title={title}>
      <div className="space-y-4 text-center" aria-live="polite">
        {phase.kind === 'verifying' && (
          <div className="flex flex-col items-center gap-3 py-4">
            <Spinner label={t('verify.verifying')} />
            <p className="text-sm text-slate-300">{t('verify.verifying')}</p>
          </div>
        )}
        {phase.kind === 'success' && <Alert variant="success">{t('messages.verifySuccess')}</Alert>}
        {phase.kind === 'error' && <Alert variant="error">{tm(phase.message)}</Alert>}
        {phase.kind !== 'verifying' && (
          <div className="flex flex-col gap-2">
            {phase.kind === 'success' ? (
              <ButtonLink to="/dashboard">{t('verify.goToDashboard')}</ButtonLink>
            ) : (
              <ButtonLink to="/login">{t('verify.backToLogin')}</ButtonLink>
            )}
          </div>
        )}
      </div>
    </AuthCard>
  );
}
