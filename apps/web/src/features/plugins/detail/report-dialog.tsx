import {
  PLUGIN_REPORT_REASON_KEYS,
  PLUGIN_REPORT_REASONS,
  REPORT_DETAILS_MAX,
  reportPluginRequest,
  type PluginReportReason,
} from '@bm/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, cx, Dialog, focusRing, TextAreaField } from '../../../components/ui';
import { errorText } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { pluginsApi } from '../api';
import { REPORT_TEXT as T } from '../constants';

/** A member reports someone else's plugin to the moderators: a reason, optional details (required for 'other'). */
export function ReportDialog({ pluginId, open, onClose }: { pluginId: number; open: boolean; onClose: () => void }) {
  const [reason, setReason] = useState<PluginReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});

  const send = useMutation({
    mutationFn: (body: { reason: PluginReportReason; details: string }) => pluginsApi.report(pluginId, body),
    meta: { errorShownInPlace: true },
    onSuccess: () => {
      toast.success(T.sent);
      setReason(null);
      setDetails('');
      onClose();
    },
  });

  const close = () => {
    send.reset();
    setErrors({});
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reportPluginRequest.safeParse({ reason: reason ?? undefined, details });
    if (!parsed.success) {
      const next: { reason?: string; details?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'details' ? 'details' : 'reason';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <Dialog open={open} onClose={close} title={T.title} description={T.description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-200">{T.reason}</legend>
          <div className="space-y-1.5">
            {PLUGIN_REPORT_REASON_KEYS.map((key) => (
              <label key={key} className="flex items-center gap-2.5 text-sm text-slate-200">
                <input
                  type="radio"
                  name="report-reason"
                  value={key}
                  checked={reason === key}
                  onChange={() => {
                    setReason(key);
                    setErrors((e) => ({ ...e, reason: undefined }));
                  }}
                  className={cx('h-4 w-4 accent-sky-500', focusRing)}
                />
                {PLUGIN_REPORT_REASONS[key]}
              </label>
            ))}
          </div>
          {errors.reason && (
            <p id="report-reason-error" className="mt-1 text-xs font-medium text-rose-400">
              {errors.reason}
            </p>
          )}
        </fieldset>
        <div>
          <TextAreaField
            label={T.details}
            hint={T.detailsHint}
            error={errors.details}
            value={details}
            maxLength={REPORT_DETAILS_MAX}
            onChange={(e) => setDetails(e.target.value)}
          />
          <p className="mt-1 text-right text-xs text-slate-400">{T.counter(details.length)}</p>
        </div>
        {send.isError && <Alert variant="error">{errorText(send.error, T.failed)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? T.sending : T.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
