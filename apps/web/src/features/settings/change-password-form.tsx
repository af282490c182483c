import { CHANGE_PASSWORD_MIN, PASSWORD_CHANGE_REDIRECT_MS } from '@bm/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, PasswordField } from '../../components/ui';
import { errorText } from '../../lib/api';
import { logout, useCurrentMember } from '../../lib/auth';
import { settingsApi } from './api';
import { SectionCard } from './section-card';
import { SETTINGS_EN, useSettingsMessage, useSettingsT } from './settings-text';
import { useSettingsSubmit } from './use-settings-submit';

const MESSAGES = SETTINGS_EN.messages;

/** The form's own checks, in English (core's texts; shown in the reader's language). */
export function changePasswordError(current: string, next: string, confirm: string): string | null {
  if (!current || !next || !confirm) return MESSAGES.fillAll;
  if (next !== confirm) return MESSAGES.newPasswordsMismatch;
  if (next.length < CHANGE_PASSWORD_MIN) return MESSAGES.newPasswordMin;
  return null;
}

/** The server revokes the session on success: the member signs in again after a short notice. */
export function ChangePasswordForm() {
  const t = useSettingsT();
  const say = useSettingsMessage();
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
      return MESSAGES.passwordChanged;
    },
    MESSAGES.changePasswordFailed,
    { staysBusy: true },
  );

  return (
    <SectionCard title={t('password.heading')} intro={t('password.intro')}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <PasswordField
          label={t('password.next')}
          autoComplete="new-password"
          hint={t('password.hint')}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <PasswordField
          label={t('password.confirm')}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        {result && <Alert variant={result.ok ? 'success' : 'error'}>{say(result.text)}</Alert>}
        <Button type="submit" disabled={busy}>
          {busy ? t('password.submitting') : t('password.submit')}
        </Button>
      </form>
      <ForgotCurrentPassword />
    </SectionCard>
  );
}

const NO_EMAIL = SETTINGS_EN.password.forgotNoEmail;

/** Mails the reset link of /forgot-password to the member's own address (that page is for guests only). */
function ForgotCurrentPassword() {
  const t = useSettingsT();
  const say = useSettingsMessage();
  const member = useCurrentMember();
  const [busy, setBusy] = useState(false);
  // What happened: the link sent (to that address), or the reason it was not, in English until shown.
  const [result, setResult] = useState<{ ok: true; email: string } | { ok: false; text: string } | null>(null);

  const send = async () => {
    const email = member?.email;
    if (!email) {
      setResult({ ok: false, text: NO_EMAIL });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      await settingsApi.sendResetLink(email);
      setResult({ ok: true, email });
    } catch (err) {
      setResult({ ok: false, text: errorText(err, MESSAGES.forgotFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 space-y-3 border-t border-slate-800 pt-4">
      <Button variant="secondary" size="sm" onClick={() => void send()} disabled={busy}>
        {busy ? t('password.forgotSending') : t('password.forgot')}
      </Button>
      {result && (
        <Alert variant={result.ok ? 'success' : 'error'}>
          {result.ok
            ? t('password.forgotSent', { email: result.email })
            : result.text === NO_EMAIL
              ? t('password.forgotNoEmail')
              : say(result.text)}
        </Alert>
      )}
    </div>
  );
}
