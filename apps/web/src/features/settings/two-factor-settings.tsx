import type { TotpSetupResponse } from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, LoadingState, PasswordField, TextField } from '../../components/ui';
import { OneTimeCodeField } from '../../components/one-time-code-field';
import { errorText } from '../../lib/api';
import { writeClipboard } from '../../lib/clipboard';
import { RecoveryCodes } from './recovery-codes';
import { SectionCard } from './section-card';
import { twoFactorApi, twoFactorQuery } from './security-api';
import { settingsT, useSettingsMessage, useSettingsT } from './settings-text';

/** Settings → Security: turn the authenticator app on (QR code, key, first code, recovery codes) or off. */
export function TwoFactorSettings() {
  const t = useSettingsT();
  const status = useQuery(twoFactorQuery());
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorQuery().queryKey });

  const on = status.data?.totpEnabled ?? false;
  return (
    <SectionCard
      title={t('twoFactor.heading')}
      intro={on && !codes ? t('twoFactor.introOn') : codes ? undefined : t('twoFactor.introOff')}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : status.isPending ? (
        <LoadingState text={t('loading')} />
      ) : status.isError ? (
        <Alert variant="error">{t('twoFactor.loadFailed')}</Alert>
      ) : on ? (
        <DisableForm left={status.data.recoveryCodesLeft} onDone={refresh} />
      ) : (
        <SetupFlow
          onEnabled={(c) => {
            setCodes(c);
            void refresh();
          }}
        />
      )}
    </SectionCard>
  );
}

function SetupFlow({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const t = useSettingsT();
  const say = useSettingsMessage();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setSetup(await twoFactorApi.setup());
    } catch (err) {
      setError(errorText(err, settingsT()('twoFactor.setupFailed')));
    } finally {
      setBusy(false);
    }
  };

  const enable = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(settingsT()('twoFactor.codeRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await twoFactorApi.enable(code.trim());
      onEnabled(res.recoveryCodes);
    } catch (err) {
      setError(errorText(err, settingsT()('twoFactor.enableFailed')));
      setBusy(false);
    }
  };

  if (!setup) {
    return (
      <div className="space-y-4">
        {error && <Alert variant="error">{say(error)}</Alert>}
        <Button onClick={() => void start()} disabled={busy}>
          {busy ? t('twoFactor.starting') : t('twoFactor.setUp')}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={enable} className="space-y-4" aria-busy={busy}>
      <p className="text-sm text-slate-300">{t('twoFactor.scan')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt={t('twoFactor.qrAlt')}
        width={192}
        height={192}
        className="rounded-lg bg-white p-2"
      />
      <div className="space-y-2">
        <p className="text-sm text-slate-400">{t('twoFactor.manual')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code
            data-testid="totp-secret"
            className="break-all rounded-md bg-slate-950 px-2 py-1 font-mono text-sm text-slate-100"
          >
            {setup.secret}
          </code>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void writeClipboard(setup.secret).then((ok) => setCopied(ok))}
          >
            {copied ? t('twoFactor.copied') : t('twoFactor.copyKey')}
          </Button>
        </div>
      </div>
      <OneTimeCodeField
        label={t('twoFactor.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error && say(error)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? t('twoFactor.enabling') : t('twoFactor.enable')}
        </Button>
        <Button variant="ghost" onClick={() => setSetup(null)} disabled={busy}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

function DisableForm({ left, onDone }: { left: number; onDone: () => void }) {
  const t = useSettingsT();
  const say = useSettingsMessage();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || !code.trim()) {
      setError(settingsT()('twoFactor.fillBoth'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await twoFactorApi.disable(password, code.trim());
      onDone();
    } catch (err) {
      setError(errorText(err, settingsT()('twoFactor.disableFailed')));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-300">{t('twoFactor.codesLeft', { count: left })}</p>
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <h3 className="text-base font-semibold text-white">{t('twoFactor.disableHeading')}</h3>
        <PasswordField
          label={t('twoFactor.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label={t('twoFactor.disableCode')}
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        {error && <Alert variant="error">{say(error)}</Alert>}
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? t('twoFactor.disabling') : t('twoFactor.disable')}
        </Button>
      </form>
    </div>
  );
}
