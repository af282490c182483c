import { CopyButton, useCopied } from '../../../components/copy-button';
import { writeClipboard } from '../../../lib/clipboard';
import { usePluginDetailT } from './detail-text';

/** How long the button reads 'Copied!' (as the car code's copy button). */
const COPIED_MS = 2000;

/** A SHA-256 shown in full (it wraps on narrow screens) with a button that copies it; `label` names what it copies. */
export function CopyHash({ hash, label }: { hash: string; label: string }) {
  const t = usePluginDetailT();
  const { copied, showCopied } = useCopied(COPIED_MS);
  const copy = async () => {
    if (await writeClipboard(hash)) showCopied();
  };
  return (
    <span className="flex min-w-0 items-start gap-2">
      <code className="min-w-0 select-all break-all font-mono text-xs text-emerald-300">{hash}</code>
      <CopyButton
        copied={copied}
        onCopy={() => void copy()}
        label={copied ? t('versions.hashCopied') : label}
        className="shrink-0 text-xs"
      >
        {copied ? t('versions.hashCopied') : t('versions.copyHash')}
      </CopyButton>
      <span role="status" className="sr-only">
        {copied ? t('versions.hashCopiedAnnouncement') : ''}
      </span>
    </span>
  );
}
