import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Alert, Button } from '../../components/ui';
import { signInWithPasskey } from '../../lib/auth';
import { passkeyErrorText } from '../../lib/passkeys';
import { useAuthMessage, useAuthT } from './auth-text';
import { OrDivider, useSignInAttempt } from './sign-in-option';

/** 'Sign in with a passkey' under the login form: no username, the browser offers this site's passkeys. */
export function PasskeySignIn({ rememberMe, onSignedIn }: { rememberMe: boolean; onSignedIn: () => void }) {
  const t = useAuthT();
  const tm = useAuthMessage();
  const { busy, error, attempt } = useSignInAttempt<true>();
  if (!browserSupportsWebAuthn()) return null;

  const start = () =>
    attempt(
      true,
      async () => {
        await signInWithPasskey(rememberMe);
        onSignedIn();
      },
      (err) => passkeyErrorText(err, t('login.passkeyFailed')),
    );

  return (
    <div className="mt-4 space-y-3">
      <OrDivider as="p" className="tracking-wide" text={t('login.or')} />
      {error && <Alert variant="error">{tm(error)}</Alert>}
      <Button type="button" variant="outline" className="w-full" disabled={busy !== null} onClick={() => void start()}>
        {busy !== null ? t('login.passkeyBusy') : t('login.passkey')}
      </Button>
    </div>
  );
}
