import { AUTH_MESSAGES } from '@bm/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BOT_CHECK_PENDING, BotCheck, type BotCheckHandle, type BotCheckState } from '../../components/bot-check';
import { EmailSuggestionNotice, useEmailSuggestion } from '../../components/email-suggestion';
import { Alert, Button, Checkbox, PasswordField, TextField } from '../../components/ui';
import { errorText } from '../../lib/api';
import { authApi } from './api';
import { AuthCard, linkClass } from './auth-card';
import { useAuthMessage, useAuthT } from './auth-text';
import { PasswordStrengthMeter } from './password-strength-meter';
import { registerErrors } from './register-validation';

/** The bot-check widget appears shortly after the page, not with it. */
export const BOT_CHECK_RENDER_DELAY_MS = 100;

type Field = 'username' | 'email' | 'password' | 'confirm' | 'terms';

/** True once `ms` have passed since the component appeared. */
function useDelayed(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return passed;
}

/** The required agreement to the terms and the privacy policy (each opens in a new tab). */
function TermsCheckbox({
  checked,
  onChange,
  missing,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  missing: boolean;
}) {
  const t = useAuthT();
  return (
    <Checkbox
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      required
      aria-invalid={missing ? true : undefined}
      label={
        <>
          {t('register.termsPrefix')}{' '}
          <Link to="/terms" target="_blank" className={linkClass}>
            {t('register.terms')}
          </Link>{' '}
          {t('register.and')}{' '}
          <Link to="/privacy-policy" target="_blank" className={linkClass}>
            {t('register.privacy')}
          </Link>
        </>
      }
      description={missing ? <span className="text-rose-400">{t('messages.termsRequired')}</span> : undefined}
    />
  );
}

export function RegisterPage() {
  const t = useAuthT();
  const tm = useAuthMessage();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [productUpdates, setProductUpdates] = useState(false);
  const [touched, setTouched] = useState<Record<Field, boolean>>({
    username: false,
    email: false,
    password: false,
    confirm: false,
    terms: false,
  });
  const showBotCheck = useDelayed(BOT_CHECK_RENDER_DELAY_MS);
  const [bot, setBot] = useState<BotCheckState>(BOT_CHECK_PENDING);
  const botRef = useRef<BotCheckHandle>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const suggestion = useEmailSuggestion(email);

  const errors = registerErrors({ username, email, password, confirm });
  const touch = (f: Field) => () => setTouched((t) => ({ ...t, [f]: true }));
  const valid =
    !errors.username &&
    !errors.email &&
    !errors.password &&
    !errors.confirm &&
    terms &&
    bot.done &&
    !suggestion.blocking;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ username: true, email: true, password: true, confirm: true, terms: true });
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await authApi.register({
        username: username.trim(),
        email: email.trim(),
        password,
        productUpdatesOptIn: productUpdates,
        turnstileToken: bot.token,
      });
      const query = new URLSearchParams({
        email: res?.email ?? email.trim(),
        username: res?.username ?? username.trim(),
      });
      navigate(`/registration-success?${query.toString()}`);
    } catch (err) {
      setError(errorText(err, AUTH_MESSAGES.registrationFailed));
      botRef.current?.reset();
      usernameRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const confirmTouched = touched.confirm || confirm.length > 0;
  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to="/login" className={linkClass}>
            {t('register.signIn')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <TextField
          ref={usernameRef}
          label={t('register.username')}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          onBlur={touch('username')}
          error={touched.username ? tm(errors.username) : null}
          required
          autoFocus
        />
        <TextField
          label={t('register.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={touch('email')}
          error={touched.email ? tm(errors.email) : null}
          required
        />
        <EmailSuggestionNotice state={suggestion} onApply={setEmail} />
        <PasswordField
          label={t('register.password')}
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={touch('password')}
          error={touched.password ? tm(errors.password) : null}
          required
        />
        <PasswordStrengthMeter password={password} />
        <PasswordField
          label={t('register.confirm')}
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          onBlur={touch('confirm')}
          error={confirmTouched && errors.confirm ? tm(errors.confirm) : null}
          success={confirm && !errors.confirm ? t('messages.passwordsMatch') : null}
          required
        />
        <TermsCheckbox
          checked={terms}
          onChange={(checked) => {
            setTerms(checked);
            touch('terms')();
          }}
          missing={touched.terms && !terms}
        />
        <Checkbox
          checked={productUpdates}
          onChange={(e) => setProductUpdates(e.target.checked)}
          label={t('register.productUpdates')}
        />
        {showBotCheck ? <BotCheck ref={botRef} onChange={setBot} /> : <div className="h-10" aria-hidden="true" />}
        {error && <Alert variant="error">{tm(error)}</Alert>}
        <Button type="submit" className="w-full" disabled={!valid || busy}>
          {busy ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
