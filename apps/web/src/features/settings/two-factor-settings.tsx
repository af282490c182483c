import type { TotpSetupResponse } from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, LoadingState, PasswordField, TextField } from '../../components/ui';
import { errorText } from '../../lib/api';
import { writeClipboard } from '../../lib/clipboard';
import { RecoveryCodes } from './recovery-codes';
import { SectionCard } from './section-card';
import { TWO_FACTOR_TEXT as T } from './security-text';
import { twoFactorApi, twoFactorQuery } from './security-api';

/** Settings → Security: turn the authenticator app on (QR code, key, first code, recovery codes) or off. */
export function TwoFactorSettings() {
  const status = useQuery(twoFactorQuery());
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorQuery().queryKey });

  const on = status.data?.totpEnabled ?? false;
  return (
    <SectionCard title={T.heading} intro={on && !codes ? T.introOn : codes ? undefined : T.introOff}>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : status.isPending ? (
        <LoadingState text={T.loading} />
      ) : status.isError ? (
        <Alert variant="error">{T.loadFailed}</Alert>
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
      setError(errorText(err, T.setupFailed));
    } finally {
      setBusy(false);
    }
  };

  const enable = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(T.codeRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await twoFactorApi.enable(code.trim());
      onEnabled(res.recoveryCodes);
    } catch (err) {
      setError(errorText(err, T.enableFailed));
      setBusy(false);
    }
  };

  if (!setup) {
    return (
      <div className="space-y-4">
        {error && <Alert variant="error">{error}</Alert>}
        <Button onClick={() => void start()} disabled={busy}>
          {busy ? T.starting : T.setUp}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={enable} className="space-y-4" aria-busy={busy}>
      <p className="text-sm text-slate-300">{T.scan}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt={T.qrAlt}
        width={192}
        height={192}
        className="rounded-lg bg-white p-2"
      />
      <div className="space-y-2">
        <p className="text-sm text-slate-400">{T.manual}</p>
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
            {copied ? T.copied : T.copyKey}
          </Button>
        </div>
      </div>
      <TextField
        label={T.code}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? T.enabling : T.enable}
        </Button>
        <Button variant="ghost" onClick={() => setSetup(null)} disabled={busy}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}

function DisableForm({ left, onDone }: { left: number; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || !code.trim()) {
      setError(T.fillBoth);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await twoFactorApi.disable(password, code.trim());
      onDone();
    } catch (err) {
      setError(errorText(err, T.disableFailed));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-300">{T.codesLeft(left)}</p>
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <h3 className="text-base font-semibold text-white">{T.disableHeading}</h3>
        <PasswordField
          label={T.password}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label={T.disableCode}
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        {error && <Alert variant="error">{error}</Alert>}
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? T.disabling : T.disable}
        </Button>
      </form>
    </div>
  );
}
