import { useState, type FormEvent } from 'react';
import { errorText } from '../../lib/api';

export type SubmitResult = { ok: boolean; text: string } | null;

/**
 * A settings form's submit: a local check first, then the request, then a success or error notice.
 * `send` answers the success text. With `staysBusy` the form stays disabled after a success (the
 * page is about to go away).
 */
export function useSettingsSubmit(
  check: () => string | null,
  send: () => Promise<string>,
  failedText: string,
  { staysBusy = false }: { staysBusy?: boolean } = {},
) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SubmitResult>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = check();
    if (problem) {
      setResult({ ok: false, text: problem });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      setResult({ ok: true, text: await send() });
      if (!staysBusy) setBusy(false);
    } catch (err) {
      setResult({ ok: false, text: errorText(err, failedText) });
      setBusy(false);
    }
  };

  return { busy, result, submit };
}
