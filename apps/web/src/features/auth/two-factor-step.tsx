import type { AuthenticationCredential, TwoFactorChallengeResponse } from '@bm/core';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useState, type FormEvent } from 'react';
import { Button, TextField } from '../../components/ui';
import { OneTimeCodeField } from '../../components/one-time-code-field';
import { ApiError, errorText } from '../../lib/api';
import { verifyTwoFactor } from '../../lib/auth';
import { passkeyErrorText } from '../../lib/passkeys';
import { AuthCard, linkClass } from './auth-card';
import { useAuthMessage, useAuthT } from './auth-text';

export interface TwoFactorStepProps {
  /** The password step's answer: the challenge, its methods and (with a passkey) the passkey options. */
  challenge: TwoFactorChallengeResponse;
  rememberMe: boolean;
  onSignedIn: () => void;
  /** The challenge is over (expired, used or too many wrong codes): sign in again. */
  onBack: (message?: string) => void;
}

/** The second step of a sign-in with two-factor on: a code from the app, a recovery code, or a passkey. */
export function TwoFactorStep({ challenge: step, rememberMe, onSignedIn, onBack }: TwoFactorStepProps) {
  const t = useAuthT();
  const tm = useAuthMessage();
  const challenge = step.challenge;
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const entered = value.trim();
    if (!entered) {
      setError(useRecovery ? t('twoFactor.recoveryRequired') : t('twoFactor.codeRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await verifyTwoFactor(
        useRecovery ? { challenge, recoveryCode: entered } : { challenge, code: entered },
        rememberMe,
      );
      onSignedIn();
    } catch (err) {
      failed(err, errorText(err, t('twoFactor.failed')));
    }
  };

  const failed = (err: unknown, message: string) => {
    if (err instanceof ApiError && err.reason === 'ChallengeExpired') {
      onBack(err.message);
      return;
    }
    setError(message);
    setValue('');
    setBusy(false);
  };

  const answerWithPasskey = async () => {
    if (!step.passkeyOptions) return;
    setBusy(true);
    setError(null);
    try {
      const optionsJSON = step.passkeyOptions as unknown as PublicKeyCredentialRequestOptionsJSON;
      const passkey = await startAuthentication({ optionsJSON });
      // The browser's answer as sent: its outline is checked by the server's schema.
      await verifyTwoFactor({ challenge, passkey: passkey as unknown as AuthenticationCredential }, rememberMe);
      onSignedIn();
    } catch (err) {
      failed(err, passkeyErrorText(err, t('twoFactor.passkeyFailed')));
    }
  };

  const switchMethod = () => {
    setUseRecovery((r) => !r);
    setValue('');
    setError(null);
  };

  return (
    <AuthCard
      title={t('twoFactor.title')}
      subtitle={useRecovery ? t('twoFactor.introRecovery') : t('twoFactor.introCode')}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        {useRecovery ? (
          <TextField
            key="recovery"
            label={t('twoFactor.recoveryCode')}
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={tm(error)}
            autoFocus
          />
        ) : (
          <OneTimeCodeField
            key="code"
            label={t('twoFactor.code')}
            pattern="[0-9 ]*"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={tm(error)}
            autoFocus
          />
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('twoFactor.submitting') : t('twoFactor.submit')}
        </Button>
        {step.methods.includes('passkey') && step.passkeyOptions && (
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={busy}
            onClick={() => void answerWithPasskey()}
          >
            {busy ? t('twoFactor.passkeyBusy') : t('twoFactor.passkey')}
          </Button>
        )}
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button type="button" className={linkClass} onClick={switchMethod}>
            {useRecovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
          </button>
          <button type="button" className={linkClass} onClick={() => onBack()}>
            {t('twoFactor.backToLogin')}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
