import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button } from '../../components/ui';
import { errorText } from '../../lib/api';
import { goToProvider, providersQuery } from '../../lib/oauth';
import { useAuthMessage, useAuthT } from './auth-text';

/** The login page's "Sign in with ..." buttons: only the providers the site has settings for. */
export function ProviderButtons({ rememberMe }: { rememberMe: boolean }) {
  const t = useAuthT();
  const tm = useAuthMessage();
  const { data } = useQuery(providersQuery());
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!Array.isArray(data) || !data.length) return null;
  const start = async (id: string) => {
    setBusy(id);
    setError(null);
    try {
      await goToProvider(id, 'signin', rememberMe);
    } catch (err) {
      setError(errorText(err, t('oauth.startFailed')));
      setBusy(null);
    }
  };
  return (
    <div className="mt-6 space-y-3">
      <div className="flex items-center gap-3 text-xs uppercase text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-700" />
        {t('oauth.or')}
        <span className="h-px flex-1 bg-slate-700" />
      </div>
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
