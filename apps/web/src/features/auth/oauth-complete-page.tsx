import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OAuthCompleteResponse, TwoFactorChallengeResponse } from '@bm/core';
import { Alert, Button, LoadingState, TextField } from '../../components/ui';
import { ApiError, errorText } from '../../lib/api';
import { completeSignIn, whenAuthSettled } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { AuthCard, linkClass } from './auth-card';
import { LOGIN_TEXT } from './constants';
import { REMEMBER_KEY, oauthApi } from '../../lib/oauth';
import { OAUTH_TEXT as T } from './oauth-text';
import { TwoFactorStep } from './two-factor-step';

type Step =
  | { kind: 'working' }
  | { kind: 'error'; message: string }
  | { kind: 'form'; provider: string; needsEmail: boolean; email: string | null; suggested: string | null }
  | { kind: 'verify'; email: string }
  | { kind: 'twoFactor'; challenge: TwoFactorChallengeResponse };

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
  const navigate = useNavigate();
  const [fragment] = useState(readFragment);
  const [step, setStep] = useState<Step>(() =>
    fragment.error || !fragment.ticket
      ? { kind: 'error', message: T.errors[fragment.error ?? 'FlowInvalid'] ?? T.errors.FlowInvalid! }
      : { kind: 'working' },
  );
  const rememberMe = sessionStorage.getItem(REMEMBER_KEY) === '1';
  const started = useRef(false);

  const signedIn = () => {
    sessionStorage.removeItem(REMEMBER_KEY);
    toast.success(LOGIN_TEXT.signedIn);
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
        toast.success(T.linked(res.provider));
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
        setStep({ kind: 'error', message: errorText(err, T.errors.ProviderFailed!) });
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
        onBack={(message) => setStep({ kind: 'error', message: message ?? T.errors.FlowInvalid! })}
      />
    );
  }
  if (step.kind === 'form') {
    return <UsernameForm ticket={fragment.ticket!} step={step} onDone={handle} />;
  }
  if (step.kind === 'verify') {
    return (
      <AuthCard title={T.verifyTitle} focusTitle footer={<BackLink />}>
        <Alert variant="success">{T.verify(step.email)}</Alert>
      </AuthCard>
    );
  }
  if (step.kind === 'error') {
    return (
      <AuthCard title={T.errorTitle} focusTitle footer={<BackLink />}>
        <Alert variant="error">{step.message}</Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={T.completeTitle}>
      <LoadingState text={T.working} />
    </AuthCard>
  );
}

function BackLink() {
  return (
    <Link to="/login" className={linkClass}>
      {T.backToLogin}
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
      else setError(errorText(err, T.errors.ProviderFailed!));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={T.chooseTitle} subtitle={T.chooseIntro(step.provider)} footer={<BackLink />}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <TextField
          label={T.username}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={fieldErrors.username?.[0]}
          required
          autoFocus
        />
        {step.needsEmail && (
          <TextField
            label={T.email}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldErrors.email?.[0]}
            hint={T.emailIntro}
            required
          />
        )}
        {error && <Alert variant="error">{error}</Alert>}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? T.creating : T.create}
        </Button>
      </form>
    </AuthCard>
  );
}
