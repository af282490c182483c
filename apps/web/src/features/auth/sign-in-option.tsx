import { useState } from 'react';
import { cx } from '../../components/ui';

/** The 'or' rule above another way to sign in (a passkey, a provider); hidden from assistive technology. */
export function OrDivider({
  text,
  as: Tag = 'div',
  className,
}: {
  text: string;
  as?: 'div' | 'p';
  className?: string;
}) {
  return (
    <Tag className={cx('flex items-center gap-3 text-xs uppercase text-slate-400', className)} aria-hidden="true">
      <span className="h-px flex-1 bg-slate-700" />
      {text}
      <span className="h-px flex-1 bg-slate-700" />
    </Tag>
  );
}

/**
 * Another way to sign in, started by a button: `busy` names the attempt under way, and a failure
 * ends it with its message in `error` (what `failed` makes of it).
 */
export function useSignInAttempt<K>() {
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attempt = async (key: K, run: () => Promise<void>, failed: (err: unknown) => string) => {
    setBusy(key);
    setError(null);
    try {
      await run();
    } catch (err) {
      setError(failed(err));
      setBusy(null);
    }
  };
  return { busy, error, attempt };
}
