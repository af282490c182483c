import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { Alert, Button } from '../../components/ui';
import { signInWithPasskey } from '../../lib/auth';
import { passkeyErrorText } from '../../lib/passkeys';
import { useAuthMessage, useAuthT } from './auth-text';

/** 'Sign in with a passkey' under the login form: no username, the browser offers this site's passkeys. */
export function PasskeySignIn({ rememberMe, onSignedIn }: { rememberMe: boolean; onSignedIn: () => void }) {
  const t = useAuthT();
  const tm = useAuthMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!browserSupportsWebAuthn()) return null;

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await signInWithPasskey(rememberMe);
      onSignedIn();
    } catch (err) {
      setError(passkeyErrorText(err, t('login.passkeyFailed')));
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 space-y-3">
      <p className="flex items-center gap-3 text-xs tracking-wide text-slate-400 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-700" />
        {t('login.or')}
        <span className="h-px flex-1 bg-slate-700" />
      </p>
      {error && <Alert variant="error">{tm(error)}</Alert>}
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={() => void start()}>
        {busy ? t('login.passkeyBusy') : t('login.passkey')}
      </Button>
    </div>
  );
}
