import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { Alert, Button } from '../../components/ui';
import { signInWithPasskey } from '../../lib/auth';
import { passkeyErrorText } from '../../lib/passkeys';
import { LOGIN_TEXT } from './constants';

/** 'Sign in with a passkey' under the login form: no username, the browser offers this site's passkeys. */
export function PasskeySignIn({ rememberMe, onSignedIn }: { rememberMe: boolean; onSignedIn: () => void }) {
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
      setError(passkeyErrorText(err, LOGIN_TEXT.passkeyFailed));
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 space-y-3">
      <p className="flex items-center gap-3 text-xs tracking-wide text-slate-400 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-700" />
        {LOGIN_TEXT.or}
        <span className="h-px flex-1 bg-slate-700" />
      </p>
      {error && <Alert variant="error">{error}</Alert>}
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={() => void start()}>
        {busy ? LOGIN_TEXT.passkeyBusy : LOGIN_TEXT.passkey}
      </Button>
    </div>
  );
}
