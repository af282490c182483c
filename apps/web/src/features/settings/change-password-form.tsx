import { CHANGE_PASSWORD_MIN, PASSWORD_CHANGE_REDIRECT_MS } from '@bm/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, PasswordField } from '../../components/ui';
import { errorText } from '../../lib/api';
import { logout, useCurrentMember } from '../../lib/auth';
import { settingsApi } from './api';
import { PASSWORD_TEXT } from './constants';
import { SectionCard } from './section-card';
import { useSettingsSubmit } from './use-settings-submit';

export function changePasswordError(current: string, next: string, confirm: string): string | null {
  if (!current || !next || !confirm) return PASSWORD_TEXT.fillAll;
  if (next !== confirm) return PASSWORD_TEXT.mismatch;
  if (next.length < CHANGE_PASSWORD_MIN) return PASSWORD_TEXT.tooShort;
  return null;
}

/** The server revokes the session on success: the member signs in again after a short notice. */
export function ChangePasswordForm() {
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const { busy, result, submit } = useSettingsSubmit(
    () => changePasswordError(current, next, confirm),
    async () => {
      await settingsApi.changePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      timer.current = setTimeout(() => {
        void logout().then(() => navigate('/login', { replace: true }));
      }, PASSWORD_CHANGE_REDIRECT_MS);
      return PASSWORD_TEXT.success;
    },
    PASSWORD_TEXT.failed,
    { staysBusy: true },
  );

  return (
    <SectionCard title={PASSWORD_TEXT.heading} intro={PASSWORD_TEXT.intro}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <PasswordField
          label={PASSWORD_TEXT.current}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <PasswordField
          label={PASSWORD_TEXT.next}
          autoComplete="new-password"
          hint={PASSWORD_TEXT.hint}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <PasswordField
          label={PASSWORD_TEXT.confirm}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        {result && <Alert variant={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
        <Button type="submit" disabled={busy}>
          {busy ? PASSWORD_TEXT.submitting : PASSWORD_TEXT.submit}
        </Button>
      </form>
      <ForgotCurrentPassword />
    </SectionCard>
  );
}

/** Mails the reset link of /forgot-password to the member's own address (that page is for guests only). */
function ForgotCurrentPassword() {
  const member = useCurrentMember();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async () => {
    const email = member?.email;
    if (!email) {
      setResult({ ok: false, text: PASSWORD_TEXT.forgotNoEmail });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      await settingsApi.sendResetLink(email);
      setResult({ ok: true, text: PASSWORD_TEXT.forgotSent(email) });
    } catch (err) {
      setResult({ ok: false, text: errorText(err, PASSWORD_TEXT.forgotFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 space-y-3 border-t border-slate-800 pt-4">
      <Button variant="secondary" size="sm" onClick={() => void send()} disabled={busy}>
        {busy ? PASSWORD_TEXT.forgotSending : PASSWORD_TEXT.forgot}
      </Button>
      {result && <Alert variant={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
    </div>
  );
}
