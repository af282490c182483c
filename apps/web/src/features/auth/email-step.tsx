import { AUTH_MESSAGES, resendCooldownSeconds, retryAfterSeconds, type LoginFailureReason } from '@bm/core';
import { useState, type FormEvent } from 'react';
import { EmailSuggestionNotice, useEmailSuggestion } from '../../components/email-suggestion';
import { Alert, Button, TextField } from '../../components/ui';
import { ApiError, errorText } from '../../lib/api';
import { authApi } from './api';
import { AuthCard } from './auth-card';
import { EMAIL_STEP_TEXT } from './constants';
import { useCooldown } from './use-cooldown';

export type EmailStepReason = Extract<LoginFailureReason, 'EmailRequired' | 'EmailNotVerified'>;

export interface EmailStepProps {
  reason: EmailStepReason;
  currentEmail: string | null;
  username: string;
  password: string;
  onBack: () => void;
}

function emailError(email: string): string | null {
  if (email.trim() === '') return EMAIL_STEP_TEXT.emailRequired;
  if (!email.includes('@')) return AUTH_MESSAGES.emailInvalid;
  return null;
}

/** Sign-in blocked on the email: add or fix the address, get a verification link, resend with a cooldown. */
export function EmailStep({ reason, currentEmail, username, password, onBack }: EmailStepProps) {
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
  const title = required ? EMAIL_STEP_TEXT.titleRequired : EMAIL_STEP_TEXT.titleNotVerified;
  const fieldError = emailError(email);
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
          ? errorText(err, AUTH_MESSAGES.tooManyRequests)
          : errorText(err, required ? EMAIL_STEP_TEXT.setFailed : EMAIL_STEP_TEXT.sendFailed),
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
      setInfo(EMAIL_STEP_TEXT.resent);
    } catch (err) {
      const limited = startCooldownAfter(err);
      setError(errorText(err, limited ? AUTH_MESSAGES.tooManyRequests : EMAIL_STEP_TEXT.resendFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      title={title}
      subtitle={sentTo ? undefined : required ? EMAIL_STEP_TEXT.introRequired : EMAIL_STEP_TEXT.introNotVerified}
      focusTitle
    >
      {sentTo ? (
        <div className="space-y-4">
          <Alert variant="success" title={EMAIL_STEP_TEXT.sentTitle}>
            {EMAIL_STEP_TEXT.sent(sentTo)}
          </Alert>
          {info && <p className="text-sm text-emerald-300">{info}</p>}
          {error && <Alert variant="error">{error}</Alert>}
          <Button variant="secondary" className="w-full" disabled={cooldown.active || sending} onClick={resend}>
            {cooldown.active ? EMAIL_STEP_TEXT.resendIn(cooldown.label) : EMAIL_STEP_TEXT.resend}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={send} className="space-y-4">
          <TextField
            label={EMAIL_STEP_TEXT.email}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched ? fieldError : null}
            required
          />
          <EmailSuggestionNotice state={suggestion} onApply={setEmail} />
          {error && <Alert variant="error">{error}</Alert>}
          <Button type="submit" className="w-full" disabled={!canSend}>
            {sending
              ? EMAIL_STEP_TEXT.sending
              : cooldown.active
                ? EMAIL_STEP_TEXT.resendIn(cooldown.label)
                : required
                  ? EMAIL_STEP_TEXT.sendRequired
                  : EMAIL_STEP_TEXT.sendNotVerified}
          </Button>
        </form>
      )}
      <Button variant="ghost" className="mt-4 w-full" onClick={onBack}>
        {EMAIL_STEP_TEXT.backToLogin}
      </Button>
    </AuthCard>
  );
}
