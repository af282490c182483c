import type { Ref } from 'react';
import { CopyButton } from '../../components/copy-button';
import { useCarsT } from './cars-text';

/** 'Copy this code to import the car:', the code, and 'Copy to Clipboard' that reads 'Copied!' for 2 s. */
export function CarCodeBox({
  code,
  copied,
  onCopy,
  codeRef,
}: {
  code: string;
  copied: boolean;
  onCopy: () => void;
  codeRef: Ref<HTMLElement>;
}) {
  const t = useCarsT();
  return (
    <section aria-labelledby="car-code-heading" className="rounded-xl border border-slate-800 bg-slate-900/70 p-5">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="car-code-heading" className="text-lg font-semibold text-white">
          {t('detail.codeHeading')}
        </h2>
        <CopyButton copied={copied} onCopy={onCopy} className="text-sm">
          {copied ? t('detail.copied') : t('detail.copyToClipboard')}
        </CopyButton>
      </div>
      <p className="mb-2 text-sm text-slate-400">{t('detail.codeIntro')}</p>
      <code
        ref={codeRef}
        data-testid="car-code"
        className="block select-text break-all rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 font-mono text-sm text-emerald-300"
      >
        {code}
      </code>
    </section>
  );
}
