import { AUTH_MESSAGES } from '@bm/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BOT_CHECK_PENDING, BotCheck, type BotCheckHandle, type BotCheckState } from '../../components/bot-check';
import { EmailSuggestionNotice, useEmailSuggestion } from '../../components/email-suggestion';
import { Alert, Button, Checkbox, PasswordField, TextField } from '../../components/ui';
import { errorText } from '../../lib/api';
import { authApi } from './api';
import { AuthCard, linkClass } from './auth-card';
import { REGISTER_TEXT } from './constants';
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
  return (
    <Checkbox
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      required
      aria-invalid={missing ? true : undefined}
      label={
        <>
          {REGISTER_TEXT.termsPrefix}{' '}
          <Link to="/terms" target="_blank" className={linkClass}>
            {REGISTER_TEXT.terms}
          </Link>{' '}
          {REGISTER_TEXT.and}{' '}
          <Link to="/privacy-policy" target="_blank" className={linkClass}>
            {REGISTER_TEXT.privacy}
          </Link>
        </>
      }
      description={missing ? <span className="text-rose-400">{AUTH_MESSAGES.termsRequired}</span> : undefined}
    />
  );
}

export function RegisterPage() {
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
      setError(errorText(err, REGISTER_TEXT.failed));
      botRef.current?.reset();
      usernameRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const confirmTouched = touched.confirm || confirm.length > 0;
  return (
    <AuthCard
      title={REGISTER_TEXT.title}
      subtitle={REGISTER_TEXT.subtitle}
      footer={
        <>
          {REGISTER_TEXT.haveAccount}{' '}
          <Link to="/login" className={linkClass}>
            {REGISTER_TEXT.signIn}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <TextField
          ref={usernameRef}
          label={REGISTER_TEXT.username}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          onBlur={touch('username')}
          error={touched.username ? errors.username : null}
          required
          autoFocus
        />
        <TextField
          label={REGISTER_TEXT.email}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={touch('email')}
          error={touched.email ? errors.email : null}
          required
        />
        <EmailSuggestionNotice state={suggestion} onApply={setEmail} />
        <PasswordField
          label={REGISTER_TEXT.password}
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={touch('password')}
          error={touched.password ? errors.password : null}
          required
        />
        <PasswordStrengthMeter password={password} />
        <PasswordField
          label={REGISTER_TEXT.confirm}
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          onBlur={touch('confirm')}
          error={confirmTouched && errors.confirm ? errors.confirm : null}
          success={confirm && !errors.confirm ? AUTH_MESSAGES.passwordsMatch : null}
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
          label={REGISTER_TEXT.productUpdates}
        />
        {showBotCheck ? <BotCheck ref={botRef} onChange={setBot} /> : <div className="h-10" aria-hidden="true" />}
        {error && <Alert variant="error">{error}</Alert>}
        <Button type="submit" className="w-full" disabled={!valid || busy}>
          {busy ? REGISTER_TEXT.submitting : REGISTER_TEXT.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
