import { AUTH_MESSAGES, resendCooldownSeconds, retryAfterSeconds } from '@bm/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, ButtonLink } from '../../components/ui';
import { ApiError, errorText } from '../../lib/api';
import { authApi } from './api';
import { AuthCard } from './auth-card';
import { AUTH_EN, useAuthMessage, useAuthT } from './auth-text';
import { useCooldown } from './use-cooldown';

export function RegistrationSuccessPage() {
  const t = useAuthT();
  const tm = useAuthMessage();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const username = params.get('username') ?? '';
  const cooldown = useCooldown();
  const { start } = cooldown;
  const [attempts, setAttempts] = useState(1);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  // The first mail just left: the first resend waits like any other.
  useEffect(() => {
    start(resendCooldownSeconds(1));
  }, [start]);

  const resend = async () => {
    setBusy(true);
    setNote(null);
    try {
      await authApi.resendVerification({ email: email || undefined, username: username || undefined });
      const next = attempts + 1;
      setAttempts(next);
      cooldown.start(resendCooldownSeconds(next));
      setNote({ ok: true, text: '' });
    } catch (err) {
      const limited = err instanceof ApiError && err.status === 429;
      if (limited) cooldown.start(retryAfterSeconds(err.retryAfter));
      setNote({
        ok: false,
        text: errorText(err, limited ? AUTH_MESSAGES.tooManyRequests : AUTH_EN.emailStep.resendFailed),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('registrationSuccess.title')}
      subtitle={username ? t('registrationSuccess.welcome', { username }) : undefined}
    >
      <div className="space-y-4">
        <Alert variant="success">
          {email ? t('registrationSuccess.bodyTo', { email }) : t('registrationSuccess.body')}
        </Alert>
        <p className="text-sm text-slate-400">{t('registrationSuccess.spam')}</p>
        {note && (
          <Alert variant={note.ok ? 'success' : 'error'}>
            {note.ok ? t('registrationSuccess.resent') : tm(note.text)}
          </Alert>
        )}
        {(email || username) && (
          <Button variant="secondary" className="w-full" disabled={cooldown.active || busy} onClick={resend}>
            {cooldown.active ? t('emailStep.resendIn', { countdown: cooldown.label }) : t('registrationSuccess.resend')}
          </Button>
        )}
        <ButtonLink to="/login" className="w-full">
          {t('registrationSuccess.goToLogin')}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
