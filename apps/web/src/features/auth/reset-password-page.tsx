import { AUTH_MESSAGES, PASSWORD_MIN } from '@bm/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, ButtonLink, PasswordField } from '../../components/ui';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { authApi } from './api';
import { AuthCard, linkClass } from './auth-card';
import { RESET_TEXT } from './constants';

type Outcome = { ok: true } | { ok: false; message: string };

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const links = (
    <div className="flex flex-col gap-2">
      <ButtonLink to="/forgot-password">{RESET_TEXT.requestNew}</ButtonLink>
      <ButtonLink to="/login" variant="ghost">
        {RESET_TEXT.backToSignIn}
      </ButtonLink>
    </div>
  );

  if (!token) {
    return (
      <AuthCard title={RESET_TEXT.invalidTitle}>
        <div className="space-y-4">
          <Alert variant="error">{RESET_TEXT.invalidBody}</Alert>
          {links}
        </div>
      </AuthCard>
    );
  }

  if (outcome?.ok) {
    return (
      <AuthCard title={RESET_TEXT.successTitle} focusTitle>
        <div className="space-y-4">
          <Alert variant="success">{RESET_TEXT.successBody}</Alert>
          <ButtonLink to="/login" className="w-full">
            {RESET_TEXT.signInNew}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  if (outcome && !outcome.ok) {
    return (
      <AuthCard title={RESET_TEXT.failedTitle} focusTitle>
        <div className="space-y-4">
          <Alert variant="error">{outcome.message}</Alert>
          {links}
        </div>
      </AuthCard>
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
      toast.success(RESET_TEXT.toast);
      setOutcome({ ok: true });
    } catch (err) {
      setOutcome({ ok: false, message: errorText(err, RESET_TEXT.failed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={RESET_TEXT.title}
      subtitle={RESET_TEXT.subtitle}
      footer={
        <Link to="/login" className={linkClass}>
          {RESET_TEXT.backToSignIn}
        </Link>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <PasswordField
          label={RESET_TEXT.newPassword}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          hint={RESET_TEXT.hint}
          error={touched.password ? passwordError : null}
          required
          autoFocus
        />
        <PasswordField
          label={RESET_TEXT.confirm}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, confirm: true }))}
          error={touched.confirm || confirm ? confirmError : null}
          success={confirm && !confirmError ? AUTH_MESSAGES.passwordsMatch : null}
          required
        />
        <Button type="submit" className="w-full" disabled={!valid || busy}>
          {busy ? RESET_TEXT.submitting : RESET_TEXT.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
