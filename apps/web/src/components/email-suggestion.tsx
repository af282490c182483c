import { applyEmailSuggestion, MISSPELLING_WAIT_S, suggestEmailDomain, type MisspellingSuggestion } from '@bm/core';
import { useEffect, useMemo, useState } from 'react';
import { useCommonT } from '../lib/i18n/common';
import { Button } from './ui';

export interface EmailSuggestionState {
  /** The open warning, or null (none, or dismissed). */
  suggestion: MisspellingSuggestion | null;
  /** An open warning blocks submitting until applied or dismissed. */
  blocking: boolean;
  /** Seconds before the dismiss button unlocks. */
  waitLeft: number;
  dismiss: () => void;
  /** The address with the suggested domain. */
  corrected: () => string;
}

/** Watches a typed address for a likely mistyped provider domain (table in @bm/core). */
export function useEmailSuggestion(email: string, waitSeconds: number = MISSPELLING_WAIT_S): EmailSuggestionState {
  const found = useMemo(() => suggestEmailDomain(email), [email]);
  const key = found ? found.entered : null;
  const [tracked, setTracked] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [waitLeft, setWaitLeft] = useState(0);

  // A new mistyped domain starts a new wait (state adjusted during render, not in an effect).
  if (key !== tracked) {
    setTracked(key);
    setWaitLeft(key ? waitSeconds : 0);
  }

  useEffect(() => {
    if (waitLeft <= 0) return;
    const t = setTimeout(() => setWaitLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearTimeout(t);
  }, [waitLeft]);

  const open = found !== null && dismissed !== key;
  return {
    suggestion: open ? found : null,
    blocking: open,
    waitLeft,
    dismiss: () => setDismissed(key),
    corrected: () => (found ? applyEmailSuggestion(email, found) : email),
  };
}

/** 'Did you mean @x?' with 'Use @x' and a dismiss button that unlocks after the wait. */
export function EmailSuggestionNotice({
  state,
  onApply,
}: {
  state: EmailSuggestionState;
  onApply: (corrected: string) => void;
}) {
  const t = useCommonT();
  const { suggestion, waitLeft } = state;
  if (!suggestion) return null;
  return (
    <div role="status" className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
      <p className="font-semibold">{t('emailSuggestion.didYouMean', { domain: suggestion.suggested })}</p>
      <p className="text-xs text-amber-200/80">{t('emailSuggestion.youEntered', { domain: suggestion.entered })}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onApply(state.corrected())}>
          {t('emailSuggestion.use', { domain: suggestion.suggested })}
        </Button>
        <Button size="sm" variant="outline" disabled={waitLeft > 0} onClick={state.dismiss}>
          {waitLeft > 0 ? t('emailSuggestion.wait', { seconds: waitLeft }) : t('emailSuggestion.dismiss')}
        </Button>
      </div>
    </div>
  );
}
