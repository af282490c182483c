import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ConfirmOptions } from './confirm-dialog';

// The dialog (and the modal behind it) loads with the first question, not with every page.
const ConfirmDialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

type Ask = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<{ ask: Ask; prepare: () => void } | null>(null);

interface Pending {
  options: ConfirmOptions;
  resolve: (answer: boolean) => void;
}

/** Holds the one confirm dialog of the page; `useConfirm` asks through it. Mounted in the app providers. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  // Mounted (closed) once a page that may ask is shown, so its chunk is there by the first question;
  // it then stays mounted, so answering keeps the dialog's own behaviour (focus back).
  const [wanted, setWanted] = useState(false);
  if (pending && !wanted) setWanted(true);
  const pendingRef = useRef<Pending | null>(null);

  const ask = useCallback<Ask>((options) => {
    // A new question answers an unanswered one with 'no'.
    pendingRef.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { options, resolve };
      pendingRef.current = next;
      setPending(next);
    });
  }, []);

  const answer = (value: boolean) => {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    current?.resolve(value);
  };

  const value = useMemo(() => ({ ask, prepare: () => setWanted(true) }), [ask]);

  // Leaving the page (unmount) answers 'no' so no caller waits forever.
  useEffect(() => () => pendingRef.current?.resolve(false), []);

  return (
    <ConfirmContext.Provider value={value}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <ConfirmDialog
            {...(pending?.options ?? { title: '' })}
            open={pending !== null}
            onConfirm={() => answer(true)}
            onCancel={() => answer(false)}
          />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/**
 * Promise-style confirmation: `const confirm = useConfirm(); if (await confirm({ title, destructive: true })) …`.
 * Resolves true for the confirm button, false for Cancel, Escape or the backdrop.
 */
export function useConfirm(): Ask {
  const context = useContext(ConfirmContext);
  if (!context) throw new Error('useConfirm needs a ConfirmProvider above it');
  const { prepare } = context;
  useEffect(prepare, [prepare]);
  return context.ask;
}
