import { useState } from 'react';
import { Alert, Button } from '../../components/ui';
import { writeClipboard } from '../../lib/clipboard';
import { useSettingsT } from './settings-text';

/** Saves text as a file named `name` (a download the browser offers). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown once right after two-factor is turned on: copy, download, done. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useSettingsT();
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const text = `${codes.join('\n')}\n`;
  return (
    <div className="space-y-4">
      <Alert variant="success">{t('twoFactor.enabled')}</Alert>
      <h3 className="text-base font-semibold text-white">{t('twoFactor.codesHeading')}</h3>
      <p className="text-sm text-slate-300">{t('twoFactor.codesIntro')}</p>
      <ul
        aria-label={t('twoFactor.codesHeading')}
        className="grid grid-cols-2 gap-2 rounded-xl border border-slate-700 bg-slate-950 p-4 font-mono text-sm text-slate-100"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void writeClipboard(text).then((ok) => setCopy(ok ? 'copied' : 'failed'))}
        >
          {copy === 'copied' ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => download(t('twoFactor.fileName'), text)}>
          {t('twoFactor.download')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('twoFactor.done')}
        </Button>
      </div>
      {copy === 'failed' && <Alert variant="error">{t('twoFactor.copyFailed')}</Alert>}
    </div>
  );
}
