import { AUTH_MESSAGES } from '@bm/core';
import { Turnstile, type TurnstileInstance } from '@marsidev/react-turnstile';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useConfig } from '../lib/config';
import { useCommonT } from '../lib/i18n/common';
import { BOT_CHECK_PENDING, type BotCheckHandle, type BotCheckState } from './bot-check-state';

export { BOT_CHECK_PENDING, type BotCheckHandle, type BotCheckState } from './bot-check-state';

export interface BotCheckProps {
  onChange: (state: BotCheckState) => void;
  ref?: Ref<BotCheckHandle>;
}

/**
 * Cloudflare Turnstile when the server hands out a site key; otherwise nothing a visitor sees (a
 * server setting is no visitor's business) and the check counts as complete with a null token.
 */
export function BotCheck({ onChange, ref }: BotCheckProps) {
  const t = useCommonT();
  const { turnstileSiteKey } = useConfig();
  const widget = useRef<TurnstileInstance>(null);
  const onChangeRef = useRef(onChange);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const emit = (s: BotCheckState) => {
    setError(s.error);
    onChangeRef.current(s);
  };

  useImperativeHandle(ref, () => ({
    reset() {
      if (!turnstileSiteKey) {
        onChangeRef.current({ done: true, token: null, error: null });
        return;
      }
      widget.current?.reset();
      setError(null);
      onChangeRef.current(BOT_CHECK_PENDING);
    },
  }));

  useEffect(() => {
    if (!turnstileSiteKey) onChangeRef.current({ done: true, token: null, error: null });
  }, [turnstileSiteKey]);

  if (!turnstileSiteKey) {
    return <div data-testid="bot-check" data-bot-check="off" hidden />;
  }

  return (
    <div
      role="group"
      aria-label={t('botCheck.group')}
      className="space-y-1"
      data-testid="bot-check"
      data-bot-check="on"
    >
      <Turnstile
        ref={widget}
        siteKey={turnstileSiteKey}
        options={{ theme: 'dark', size: 'flexible' }}
        onSuccess={(token) => emit({ done: true, token, error: null })}
        onExpire={() => emit({ done: false, token: null, error: AUTH_MESSAGES.turnstileExpired })}
        onError={() => emit({ done: false, token: null, error: AUTH_MESSAGES.turnstileFailed })}
        scriptOptions={{ onError: () => emit({ done: false, token: null, error: AUTH_MESSAGES.turnstileLoad }) }}
      />
      {error && (
        <p role="alert" className="text-xs font-medium text-rose-400">
          {error === AUTH_MESSAGES.turnstileExpired
            ? t('botCheck.expired')
            : error === AUTH_MESSAGES.turnstileFailed
              ? t('botCheck.failed')
              : error === AUTH_MESSAGES.turnstileLoad
                ? t('botCheck.load')
                : error}
        </p>
      )}
    </div>
  );
}
