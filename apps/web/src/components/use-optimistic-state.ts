import { useRef, useState } from 'react';

/**
 * A state a click changes at once, before the server answers (follow, reputation): `run` shows the
 * guess, then the server's answer, or on failure puts back what was shown before and calls `onError`.
 * Only the latest run's answer is shown; `onChange` hears each shown state.
 */
export function useOptimisticState<T>(initial: T, onChange?: (state: T) => void) {
  const [state, setState] = useState<T>(initial);
  const latest = useRef(0);

  const show = (next: T) => {
    setState(next);
    onChange?.(next);
  };

  const run = (guess: T, send: () => Promise<T>, on: { answered?: () => void; onError: () => void }) => {
    const before = state;
    show(guess);
    const call = ++latest.current;
    send().then(
      (answer) => {
        if (call === latest.current) show(answer);
        on.answered?.();
      },
      () => {
        if (call === latest.current) show(before);
        on.onError();
      },
    );
  };

  return { state, setState, run };
}
