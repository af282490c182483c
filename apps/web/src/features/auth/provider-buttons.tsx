import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from '../../components/ui';
import { errorText } from '../../lib/api';
import { goToProvider, providersQuery } from '../../lib/oauth';
import { useAuthMessage, useAuthT } from './auth-text';
import { OrDivider, useSignInAttempt } from './sign-in-option';

/** The login page's "Sign in with ..." buttons: only the providers the site has settings for. */
export function ProviderButtons({ rememberMe }: { rememberMe: boolean }) {
  const t = useAuthT();
  const tm = useAuthMessage();
  const { data } = useQuery(providersQuery());
  const { busy, error, attempt } = useSignInAttempt<string>();
  if (!Array.isArray(data) || !data.length) return null;
  const start = (id: string) =>
    attempt(
      id,
      () => goToProvider(id, 'signin', rememberMe),
      (err) => errorText(err, t('oauth.startFailed')),
    );
  return (
    <div className="mt-6 space-y-3">
      <OrDivider text={t('oauth.or')} />
      {data.map((p) => (
        <Button
          key={p.id}
          type="button"
          variant="outline"
          className="w-full"
          disabled={busy !== null}
          onClick={() => void start(p.id)}
        >
          {busy === p.id ? t('oauth.redirecting') : t('oauth.signInWith', { name: p.name })}
        </Button>
      ))}
      {error && <Alert variant="error">{tm(error)}</Alert>}
    </div>
  );
}
