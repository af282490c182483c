import { useEffect, useRef, useState } from 'react';
import { cx, focusRing } from '../../../components/ui';
import { writeClipboard } from '../../../lib/clipboard';
import { usePluginDetailT } from './detail-text';

/** How long the button reads 'Copied!' (as the car code's copy button). */
const COPIED_MS = 2000;

/** A SHA-256 shown in full (it wraps on narrow screens) with a button that copies it; `label` names what it copies. */
export function CopyHash({ hash, label }: { hash: string; label: string }) {
  const t = usePluginDetailT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    if (!(await writeClipboard(hash))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };
  return (
    <span className="flex min-w-0 items-start gap-2">
      <code className="min-w-0 select-all break-all font-mono text-xs text-emerald-300">{hash}</code>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={copied ? t('versions.hashCopied') : label}
        className={cx(
          'shrink-0 rounded text-xs font-medium underline underline-offset-2',
          copied ? 'text-emerald-400' : 'text-sky-400 hover:text-sky-300',
          focusRing,
        )}
      >
        {copied ? t('versions.hashCopied') : t('versions.copyHash')}
      </button>
      <span role="status" className="sr-only">
        {copied ? t('versions.hashCopiedAnnouncement') : ''}
      </span>
    </span>
  );
}
