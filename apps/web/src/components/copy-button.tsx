import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { cx, focusRing } from './ui';

/**
 * Whether something was just copied: `showCopied()` makes `copied` true for `ms` (counted again
 * from the start when it is called again before then).
 */
export function useCopied(ms: number) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const showCopied = useCallback(() => {
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), ms);
  }, [ms]);
  return { copied, showCopied };
}

/** A link-styled button that copies something, green while it reads 'Copied!' (`copied`). `className` sets its size. */
export function CopyButton({
  copied,
  onCopy,
  label,
  className,
  children,
}: {
  copied: boolean;
  onCopy: () => void;
  /** Its accessible name, when the visible words do not say what it copies. */
  label?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onCopy}
      aria-label={label}
      className={cx(
        className,
        'rounded font-medium underline underline-offset-2',
        copied ? 'text-emerald-400' : 'text-sky-400 hover:text-sky-300',
        focusRing,
      )}
    >
      {children}
    </button>
  );
}
