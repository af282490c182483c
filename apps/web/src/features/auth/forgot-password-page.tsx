import { AUTH_MESSAGES, EMAIL_PATTERN, retryAfterSeconds } from '@bm/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EmailSuggestionNotice, useEmailSuggestion } from '../../components/email-suggestion';
import { Alert, Button, TextField } from '../../components/ui';
import { ApiError, errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { authApi } from './api';
import { AuthCard, linkClass } from './auth-card';
import { useAuthMessage, useAuthT } from './auth-text';
import { useCooldown } from './use-cooldown';

/** Wait after each reset mail before another may be asked for. */
export const FORGOT_RESEND_COOLDOWN_S = 60;

export function ForgotPasswordPage() {
  const t = useAuthT();
  const tm = useAuthMessage();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const cooldown = useCooldown();
  const suggestion = useEmailSuggestion(email);

  const trimmed = email.trim();
  const fieldError = EMAIL_PATTERN.test(trimmed) ? null : AUTH_MESSAGES.emailInvalid;

  const send = async (address: string): Promise<boolean> => {
    setBusy(true);
    try {
      await authApi.forgotPassword(address);
      cooldown.start(FORGOT_RESEND_COOLDOWN_S);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) cooldown.start(retryAfterSeconds(err.retryAfter));
      toast.error(tm(errorText(err, AUTH_MESSAGES.forgotFailed)) ?? AUTH_MESSAGES.forgotFailed);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (fieldError || suggestion.blocking || busy || cooldown.active) return;
    if (await send(trimmed)) setSentTo(trimmed);
  };

  const resend = async () => {
    if (!sentTo || busy || cooldown.active) return;
    if (await send(sentTo)) toast.success(t('forgot.resent'));
  };

  const footer = (
    <Link to="/login" className={linkClass}>
      {t('forgot.backToSignIn')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('forgot.sentTitle')} focusTitle footer={footer}>
        <div className="space-y-4">
          <Alert variant="success">{t('forgot.sent', { email: sentTo })}</Alert>
          <p className="text-sm font-medium text-slate-200">{t('forgot.expires')}</p>
          <p className="text-sm text-slate-400">{t('forgot.spam')}</p>
          <Button variant="secondary" className="w-full" disabled={busy || cooldown.active} onClick={resend}>
            {cooldown.active ? t('forgot.resendIn', { countdown: cooldown.label }) : t('forgot.resend')}
          </Button>
          <Button
            variant="ghost"
            className="w-full"
            onClick={() => {
              setSentTo(null);
              setEmail('');
              setTouched(false);
            }}
          >
            {t('forgot.different')}
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={footer}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <TextField
          label={t('forgot.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched ? tm(fieldError) : null}
          required
          autoFocus
        />
        <EmailSuggestionNotice state={suggestion} onApply={setEmail} />
        <Button
          type="submit"
          className="w-full"
          disabled={busy || cooldown.active || Boolean(fieldError) || suggestion.blocking}
        >
          {busy
            ? t('forgot.submitting')
            : cooldown.active
              ? t('forgot.resendIn', { countdown: cooldown.label })
              : t('forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
