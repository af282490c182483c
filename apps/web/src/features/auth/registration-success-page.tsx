import { AUTH_MESSAGES, resendCooldownSeconds, retryAfterSeconds } from '@bm/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, ButtonLink } from '../../components/ui';
import { ApiError, errorText } from '../../lib/api';
import { authApi } from './api';
import { AuthCard } from './auth-card';
import { EMAIL_STEP_TEXT, REGISTRATION_SUCCESS_TEXT } from './constants';
import { useCooldown } from './use-cooldown';

export function RegistrationSuccessPage() {
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
      setNote({ ok: true, text: REGISTRATION_SUCCESS_TEXT.resent });
    } catch (err) {
      const limited = err instanceof ApiError && err.status === 429;
      if (limited) cooldown.start(retryAfterSeconds(err.retryAfter));
      setNote({
        ok: false,
        text: errorText(err, limited ? AUTH_MESSAGES.tooManyRequests : EMAIL_STEP_TEXT.resendFailed),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={REGISTRATION_SUCCESS_TEXT.title}
      subtitle={username ? REGISTRATION_SUCCESS_TEXT.welcome(username) : undefined}
    >
      <div className="space-y-4">
        <Alert variant="success">{REGISTRATION_SUCCESS_TEXT.body(email)}</Alert>
        <p className="text-sm text-slate-400">{REGISTRATION_SUCCESS_TEXT.spam}</p>
        {note && <Alert variant={note.ok ? 'success' : 'error'}>{note.text}</Alert>}
        {(email || username) && (
          <Button variant="secondary" className="w-full" disabled={cooldown.active || busy} onClick={resend}>
            {cooldown.active ? EMAIL_STEP_TEXT.resendIn(cooldown.label) : REGISTRATION_SUCCESS_TEXT.resend}
          </Button>
        )}
        <ButtonLink to="/login" className="w-full">
          {REGISTRATION_SUCCESS_TEXT.goToLogin}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
