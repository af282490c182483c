import { useEffect, useRef } from 'react';
import { adMode, useConfig, type AdsSetting } from '../lib/config';
import { COMMON_EN, useCommonT } from '../lib/i18n/common';
import { cx } from './ui';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/** The ad label's English, for tests (shown through the common namespace). */
export const AD_PLACEHOLDER_TEXT = COMMON_EN.ad.label;
const SCRIPT_ID = 'ads-script';

function ensureAdScript(client: string): void {
  if (document.getElementById(SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`;
  document.head.appendChild(script);
}

function RealAd({ client, slot, className }: { client: string; slot?: string; className?: string }) {
  const t = useCommonT();
  const pushed = useRef(false);
  useEffect(() => {
    ensureAdScript(client);
    if (pushed.current) return;
    pushed.current = true;
    try {
      (window.adsbygoogle = window.adsbygoogle ?? []).push({});
    } catch {
      // blocked by an ad blocker: the slot stays empty
    }
  }, [client]);
  return (
    <div className={cx('overflow-hidden', className)} aria-label={t('ad.label')}>
      <ins
        className="adsbygoogle block"
        data-ad-client={client}
        data-ad-slot={slot}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
    </div>
  );
}

/** What ad slots show on this page: 'off' means no slot at all (no cell, no gap). */
export function useAdMode(): AdsSetting {
  return adMode(useConfig());
}

/**
 * One ad slot (ADS setting): a real unit with live ads on the production host, a quiet labelled
 * placeholder the size of the unit elsewhere, nothing at all when ads are off.
 */
export function AdUnit({ slot, className }: { slot?: string; className?: string }) {
  const t = useCommonT();
  const config = useConfig();
  const mode = adMode(config);
  if (mode === 'off') return null;
  if (mode === 'live' && config.adsClient) {
    return <RealAd client={config.adsClient} slot={slot} className={className} />;
  }
  return (
    <div
      role="note"
      aria-label={t('ad.placeholder')}
      className={cx(
        'flex min-h-24 items-center justify-center rounded-xl border border-dashed border-slate-700 bg-slate-900/40 text-xs uppercase tracking-widest text-slate-400',
        className,
      )}
    >
      {t('ad.label')}
    </div>
  );
}
