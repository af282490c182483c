import { formatCountdown } from '@bm/core';
import { useCallback, useEffect, useState } from 'react';

export interface Cooldown {
  /** Whole seconds left (0 when the action is available). */
  remaining: number;
  active: boolean;
  /** '45s' or '1:30'. */
  label: string;
  start: (seconds: number) => void;
  reset: () => void;
}

/** A ticking wait before an action may run again (resend buttons). */
export function useCooldown(): Cooldown {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) setEndsAt(null);
    }, 250);
    return () => clearInterval(id);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);
  const reset = useCallback(() => setEndsAt(null), []);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, active: remaining > 0, label: formatCountdown(remaining), start, reset };
}
