import { AUTH_MESSAGES, type TwoFactorChallengeResponse } from '@bm/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BOT_CHECK_PENDING, BotCheck, type BotCheckHandle, type BotCheckState } from '../../components/bot-check';
import { Alert, Button, Checkbox, PasswordField, TextField } from '../../components/ui';
import { ApiError, errorText } from '../../lib/api';
import { login } from '../../lib/auth';
import { safeRedirect } from '../../lib/redirect';
import { toast } from '../../lib/toast';
import { AuthCard, linkClass } from './auth-card';
import { useAuthMessage, useAuthT } from './auth-text';
import { EmailStep, type EmailStepReason } from './email-step';
import { loginBlocker, loginPasswordError, loginUsernameError } from './login-validation';
import { PasskeySignIn } from './passkey-sign-in';
import { ProviderButtons } from './provider-buttons';
import { TwoFactorStep } from './two-factor-step';

interface EmailStepState {
  reason: EmailStepReason;
  currentEmail: string | null;
}

function emailStepFrom(err: unknown): EmailStepState | null {
  if (!(err instanceof ApiError)) return null;
  if (err.reason === 'EmailRequired' || err.reason === 'EmailNotVerified') {
    return { reason: err.reason, currentEmail: err.currentEmail };
  }
  return null;
}

function loginErrorText(err: unknown): string {
  if (err instanceof ApiError && (err.status === 401 || err.reason === 'InvalidCredentials'))
    return AUTH_MESSAGES.invalidCredentials;
  return errorText(err, AUTH_MESSAGES.invalidCredentials);
}

export function LoginPage() {
  const t = useAuthT();
  const tm = useAuthMessage();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [touched, setTouched] = useState({ username: false, password: false });
  const [bot, setBot] = useState<BotCheckState>(BOT_CHECK_PENDING);
  const botRef = useRef<BotCheckHandle>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emailStep, setEmailStep] = useState<EmailStepState | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallengeResponse | null>(null);
  const blockerId = useId();

  const usernameError = loginUsernameError(username, touched.username);
  const passwordError = loginPasswordError(password, touched.password);
  const blocker = loginBlocker(username, password, bot.done);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blocker || busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await login({ username: username.trim(), password, rememberMe, turnstileToken: bot.token });
      if ('twoFactorRequired' in res) {
        setChallenge(res);
        return;
      }
      signedIn();
    } catch (err) {
      const step = emailStepFrom(err);
      if (step) setEmailStep(step);
      else setError(loginErrorText(err));
      botRef.current?.reset();
    } finally {
      setBusy(false);
    }
  };

  const signedIn = () => {
    toast.success(t('messages.signedIn'));
    navigate(safeRedirect(params.get('redirect')) ?? '/dashboard', { replace: true });
  };

  const backToLogin = (message?: string) => {
    setEmailStep(null);
    setChallenge(null);
    setUsername('');
    setPassword('');
    setRememberMe(true);
    setTouched({ username: false, password: false });
    setError(message ?? null);
    setBot(BOT_CHECK_PENDING);
  };

  if (challenge) {
    return <TwoFactorStep challenge={challenge} rememberMe={rememberMe} onSignedIn={signedIn} onBack={backToLogin} />;
  }

  if (emailStep) {
    return (
      <EmailStep
        reason={emailStep.reason}
        currentEmail={emailStep.currentEmail}
        username={username.trim()}
        password={password}
        onBack={() => backToLogin()}
      />
    );
  }

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to="/register" className={linkClass}>
            {t('login.register')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, username: true }))}
          error={tm(usernameError)}
          required
          autoFocus
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          error={tm(passwordError)}
          required
          labelAside={
            <Link to="/forgot-password" className={`text-xs ${linkClass}`}>
              {t('login.forgot')}
            </Link>
          }
        />
        <Checkbox
          label={t('login.rememberMe')}
          checked={rememberMe}
          onChange={(e) => setRememberMe(e.target.checked)}
        />
        <BotCheck ref={botRef} onChange={setBot} />
        {error && <Alert variant="error">{tm(error)}</Alert>}
        <Button
          type="submit"
          className="w-full"
          disabled={Boolean(blocker) || busy}
          aria-describedby={blocker ? blockerId : undefined}
        >
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
        {blocker && (
          <p
            id={blockerId}
            className={
              touched.username || touched.password || username || password
                ? 'text-center text-xs text-slate-400'
                : 'sr-only'
            }
          >
            {tm(blocker)}
          </p>
        )}
      </form>
      <PasskeySignIn rememberMe={rememberMe} onSignedIn={signedIn} />
      <ProviderButtons rememberMe={rememberMe} />
    </AuthCard>
  );
}
