import { useCommonT } from '../lib/i18n/common';
import { cx, focusRing } from './ui';

/**
 * 'Support {author}': the member's support link (Ko-fi, Patreon, PayPal, GitHub Sponsors; the server
 * checked it), opened in a new tab without handing over this page or vouching for it.
 */
export function SupportLink({ url, author, className }: { url: string | null; author: string; className?: string }) {
  const t = useCommonT();
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      data-testid="support-link"
      className={cx(
        'inline-flex items-center gap-2 rounded-lg border border-pink-400/50 px-3 py-2 text-sm font-medium text-pink-200 hover:border-pink-300 hover:text-pink-100',
        focusRing,
        className,
      )}
    >
      <span aria-hidden="true">♥</span>
      {t('supportLink', { author })}
    </a>
  );
}
