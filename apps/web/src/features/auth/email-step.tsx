import { resendCooldownSeconds, retryAfterSeconds, type LoginFailureReason } from '@bm/core';
import { useState, type FormEvent } from 'react';
import { EmailSuggestionNotice, useEmailSuggestion } from '../../components/email-suggestion';
import { Alert, Button, TextField } from '../../components/ui';
import { ApiError, errorText } from '../../lib/api';
import { authApi } from './api';
import { AuthCard } from './auth-card';
import { useAuthMessage, useAuthT } from './auth-text';
import { useCooldown } from './use-cooldown';

export type EmailStepReason = Extract<LoginFailureReason, 'EmailRequired' | 'EmailNotVerified'>;

export interface EmailStepProps {
  reason: EmailStepReason;
  currentEmail: string | null;
  username: string;
  password: string;
  onBack: () => void;
}

function emailError(email: string, t: ReturnType<typeof useAuthT>): string | null {
  if (email.trim() === '') return t('emailStep.emailRequired');
  if (!email.includes('@')) return t('messages.emailInvalid');
  return null;
}

/** Sign-in blocked on the email: add or fix the address, get a verification link, resend with a cooldown. */
export function EmailStep({ reason, currentEmail, username, password, onBack }: EmailStepProps) {
  const t = useAuthT();
  const tm = useAuthMessage();
  const [email, setEmail] = useState(currentEmail ?? '');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const cooldown = useCooldown();
  const suggestion = useEmailSuggestion(email);

  const required = reason === 'EmailRequired';
  const title = required ? t('emailStep.titleRequired') : t('emailStep.titleNotVerified');
  const fieldError = emailError(email, t);
  const canSend = !fieldError && !suggestion.blocking && !sending && !cooldown.active;

  const startCooldownAfter = (err: unknown): boolean => {
    if (err instanceof ApiError && err.status === 429) {
      cooldown.start(retryAfterSeconds(err.retryAfter));
      return true;
    }
    return false;
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!canSend) return;
    setSending(true);
    setError(null);
    const address = email.trim();
    try {
      await authApi.provideEmail({ username, password, email: address });
      setSentTo(address);
      setAttempts(1);
      cooldown.start(resendCooldownSeconds(1));
    } catch (err) {
      const limited = startCooldownAfter(err);
      setError(
        limited
          ? errorText(err, t('messages.tooManyRequests'))
          : errorText(err, required ? t('emailStep.setFailed') : t('emailStep.sendFailed')),
      );
    } finally {
      setSending(false);
    }
  };

  const resend = async () => {
    if (!sentTo || cooldown.active || sending) return;
    setSending(true);
    setError(null);
    setInfo(null);
    try {
      await authApi.resendVerification({ email: sentTo, username });
      const next = attempts + 1;
      setAttempts(next);
      cooldown.start(resendCooldownSeconds(next));
      setInfo(t('emailStep.resent'));
    } catch (err) {
      const limited = startCooldownAfter(err);
      setError(errorText(err, limited ? t('messages.tooManyRequests') : t('emailStep.resendFailed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      title={title}
      subtitle={sentTo ? undefined : required ? t('emailStep.introRequired') : t('emailStep.introNotVerified')}
      focusTitle
    >
      {sentTo ? (
        <div className="space-y-4">
          <Alert variant="success" title={t('emailStep.sentTitle')}>
            {t('emailStep.sent', { email: sentTo })}
          </Alert>
          {info && <p className="text-sm text-emerald-300">{info}</p>}
          {error && <Alert variant="error">{tm(error)}</Alert>}
          <Button variant="secondary" className="w-full" disabled={cooldown.active || sending} onClick={resend}>
            {cooldown.active ? t('emailStep.resendIn', { countdown: cooldown.label }) : t('emailStep.resend')}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={send} className="space-y-4">
          <TextField
            label={t('emailStep.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched ? fieldError : null}
            required
          />
          <EmailSuggestionNotice state={suggestion} onApply={setEmail} />
          {error && <Alert variant="error">{tm(error)}</Alert>}
          <Button type="submit" className="w-full" disabled={!canSend}>
            {sending
              ? t('emailStep.sending')
              : cooldown.active
                ? t('emailStep.resendIn', { countdown: cooldown.label })
                : required
                  ? t('emailStep.sendRequired')
                  : t('emailStep.sendNotVerified')}
          </Button>
        </form>
      )}
      <Button variant="ghost" className="mt-4 w-full" onClick={onBack}>
        {t('emailStep.backToLogin')}
      </Button>
    </AuthCard>
  );
}
