import { AUTH_MESSAGES, PASSWORD_MIN } from '@bm/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, ButtonLink, PasswordField } from '../../components/ui';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { authApi } from './api';
import { AuthCard, linkClass } from './auth-card';
import { useAuthMessage, useAuthT } from './auth-text';

type Outcome = { ok: true } | { ok: false; message: string };

/** A screen that ends the reset (no token, done, failed): what happened, then the way on. */
function OutcomeCard({
  title,
  focusTitle,
  variant,
  message,
  children,
}: {
  title: string;
  focusTitle?: boolean;
  variant: 'success' | 'error';
  message: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthCard title={title} focusTitle={focusTitle}>
      <div className="space-y-4">
        <Alert variant={variant}>{message}</Alert>
        {children}
      </div>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const t = useAuthT();
  const tm = useAuthMessage();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const links = (
    <div className="flex flex-col gap-2">
      <ButtonLink to="/forgot-password">{t('reset.requestNew')}</ButtonLink>
      <ButtonLink to="/login" variant="ghost">
        {t('reset.backToSignIn')}
      </ButtonLink>
    </div>
  );

  if (!token) {
    return (
      <OutcomeCard title={t('reset.invalidTitle')} variant="error" message={t('messages.resetMissingToken')}>
        {links}
      </OutcomeCard>
    );
  }

  if (outcome?.ok) {
    return (
      <OutcomeCard title={t('reset.successTitle')} focusTitle variant="success" message={t('reset.successBody')}>
        <ButtonLink to="/login" className="w-full">
          {t('reset.signInNew')}
        </ButtonLink>
      </OutcomeCard>
    );
  }

  if (outcome && !outcome.ok) {
    return (
      <OutcomeCard title={t('reset.failedTitle')} focusTitle variant="error" message={tm(outcome.message)}>
        {links}
      </OutcomeCard>
    );
  }

  const passwordError = password.length < PASSWORD_MIN ? AUTH_MESSAGES.passwordMin : null;
  const confirmError = confirm !== password ? AUTH_MESSAGES.passwordsMismatch : null;
  const valid = !passwordError && !confirmError;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ password: true, confirm: true });
    if (!valid || busy) return;
    setBusy(true);
    try {
      await authApi.resetPassword(token, password);
      toast.success(t('messages.resetSuccess'));
      setOutcome({ ok: true });
    } catch (err) {
      setOutcome({ ok: false, message: errorText(err, AUTH_MESSAGES.resetFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={
        <Link to="/login" className={linkClass}>
          {t('reset.backToSignIn')}
        </Link>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <PasswordField
          label={t('reset.newPassword')}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          hint={t('reset.hint')}
          error={touched.password ? tm(passwordError) : null}
          required
          autoFocus
        />
        <PasswordField
          label={t('reset.confirm')}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, confirm: true }))}
          error={touched.confirm || confirm ? tm(confirmError) : null}
          success={confirm && !confirmError ? t('messages.passwordsMatch') : null}
          required
        />
        <Button type="submit" className="w-full" disabled={!valid || busy}>
          {busy ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
