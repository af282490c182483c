import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { OAUTH_MESSAGES, type OAuthCompleteResponse, type TwoFactorChallengeResponse } from '@bm/core';
import { Alert, Button, LoadingState, TextField } from '../../components/ui';
import { ApiError, errorText } from '../../lib/api';
import { completeSignIn, whenAuthSettled } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { AuthCard, linkClass } from './auth-card';
import { REMEMBER_KEY, oauthApi } from '../../lib/oauth';
import { AUTH_EN, authT, useAuthMessage, useAuthT } from './auth-text';
import { TwoFactorStep } from './two-factor-step';

type Step =
  | { kind: 'working' }
  | { kind: 'error'; message: string }
  | { kind: 'form'; provider: string; needsEmail: boolean; email: string | null; suggested: string | null }
  | { kind: 'verify'; email: string }
  | { kind: 'twoFactor'; challenge: TwoFactorChallengeResponse };

/** What the server's callback error codes say (kept in English in state, shown through the catalogue). */
const OAUTH_ERRORS: Record<string, string> = {
  FlowInvalid: OAUTH_MESSAGES.flowInvalid,
  ProviderFailed: OAUTH_MESSAGES.providerFailed,
  Denied: OAUTH_MESSAGES.denied,
  NotConfigured: OAUTH_MESSAGES.notConfigured,
  TooManyRequests: AUTH_EN.messages.oauthTooManyAttempts,
};

type Fragment = { ticket: string | null; error: string | null };
/** What the fragment held, until the page has used it: a first render that suspends is rendered again. */
let kept: Fragment | null = null;

/** The ticket or error the server's callback put in the fragment, taken out of the address at once. */
function readFragment(): Fragment {
  if (window.location.hash) {
    const params = new URLSearchParams(window.location.hash.slice(1));
    window.history.replaceState(window.history.state, '', window.location.pathname);
    kept = { ticket: params.get('ticket'), error: params.get('error') };
  }
  return kept ?? { ticket: null, error: null };
}

/** /auth/oauth/complete: where a provider sign-in or link ends (docs/oauth.md). */
export function OAuthCompletePage() {
  const t = useAuthT();
  const tm = useAuthMessage();
  const navigate = useNavigate();
  const [fragment] = useState(readFragment);
  const [step, setStep] = useState<Step>(() =>
    fragment.error || !fragment.ticket
      ? { kind: 'error', message: OAUTH_ERRORS[fragment.error ?? 'FlowInvalid'] ?? OAUTH_MESSAGES.flowInvalid }
      : { kind: 'working' },
  );
  const rememberMe = sessionStorage.getItem(REMEMBER_KEY) === '1';
  const started = useRef(false);

  const signedIn = () => {
    sessionStorage.removeItem(REMEMBER_KEY);
    toast.success(t('messages.signedIn'));
    navigate('/dashboard', { replace: true });
  };

  const handle = async (res: OAuthCompleteResponse) => {
    switch (res.status) {
      case 'signedIn':
        await completeSignIn(res, rememberMe);
        signedIn();
        return;
      case 'twoFactor':
        setStep({ kind: 'twoFactor', challenge: res.challenge });
        return;
      case 'needsUsername':
        setStep({
          kind: 'form',
          provider: res.provider,
          needsEmail: res.needsEmail,
          email: res.email,
          suggested: res.suggestedUsername,
        });
        return;
      case 'verifyEmail':
        setStep({ kind: 'verify', email: res.email });
        return;
      case 'linked':
        toast.success(authT()('oauth.linked', { provider: res.provider }));
        navigate('/account/settings/security', { replace: true });
    }
  };

  useEffect(() => {
    // Once: the ticket is single use once it signs in.
    kept = null; // used: a later visit without a fragment starts clean
    if (started.current || !fragment.ticket || fragment.error) return;
    started.current = true;
    void (async () => {
      await whenAuthSettled();
      try {
        await handle(await oauthApi.complete({ ticket: fragment.ticket! }));
      } catch (err) {
        setStep({ kind: 'error', message: errorText(err, OAUTH_MESSAGES.providerFailed) });
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (step.kind === 'twoFactor') {
    return (
      <TwoFactorStep
        challenge={step.challenge}
        rememberMe={rememberMe}
        onSignedIn={signedIn}
        onBack={(message) => setStep({ kind: 'error', message: message ?? OAUTH_MESSAGES.flowInvalid })}
      />
    );
  }
  if (step.kind === 'form') {
    return <UsernameForm ticket={fragment.ticket!} step={step} onDone={handle} />;
  }
  if (step.kind === 'verify') {
    return (
      <AuthCard title={t('oauth.verifyTitle')} focusTitle footer={<BackLink />}>
        <Alert variant="success">{t('oauth.verify', { email: step.email })}</Alert>
      </AuthCard>
    );
  }
  if (step.kind === 'error') {
    return (
      <AuthCard title={t('oauth.errorTitle')} focusTitle footer={<BackLink />}>
        <Alert variant="error">{tm(step.message)}</Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('oauth.completeTitle')}>
      <LoadingState text={t('oauth.working')} />
    </AuthCard>
  );
}

function BackLink() {
  const t = useAuthT();
  return (
    <Link to="/login" className={linkClass}>
      {t('oauth.backToLogin')}
    </Link>
  );
}

/** A first sign-in: the username (and the email when the provider did not vouch for one). */
function UsernameForm({
  ticket,
  step,
  onDone,
}: {
  ticket: string;
  step: Extract<Step, { kind: 'form' }>;
  onDone: (res: OAuthCompleteResponse) => Promise<void>;
}) {
  const t = useAuthT();
  const tm = useAuthMessage();
  const [username, setUsername] = useState(step.suggested ?? '');
  const [email, setEmail] = useState(step.email ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await onDone(
        await oauthApi.complete({
          ticket,
          username: username.trim(),
          ...(step.needsEmail ? { email: email.trim() } : {}),
        }),
      );
    } catch (err) {
      if (err instanceof ApiError && err.errors && Object.keys(err.errors).length) setFieldErrors(err.errors);
      else setError(errorText(err, OAUTH_MESSAGES.providerFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('oauth.chooseTitle')}
      subtitle={t('oauth.chooseIntro', { provider: step.provider })}
      footer={<BackLink />}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <TextField
          label={t('oauth.username')}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={tm(fieldErrors.username?.[0])}
          required
          autoFocus
        />
        {step.needsEmail && (
          <TextField
            label={t('oauth.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={tm(fieldErrors.email?.[0])}
            hint={t('oauth.emailIntro')}
            required
          />
        )}
        {error && <Alert variant="error">{tm(error)}</Alert>}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('oauth.creating') : t('oauth.create')}
        </Button>
      </form>
    </AuthCard>
  );
}
