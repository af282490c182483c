import { REPORT_DETAILS_MAX, type TextValues } from '@bm/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { errorText } from '../lib/api';
import { toast } from '../lib/toast';
import { Alert, Button, cx, Dialog, focusRing, TextAreaField } from './ui';

/** The texts of a report form; each kind (plugin, car, comment) names its own title. */
export interface ReportTexts {
  title: string;
  description: string;
  reason: string;
  details: string;
  detailsHint: string;
  counter: (n: number) => string;
  submit: string;
  sending: string;
  cancel: string;
  sent: string;
  failed: string;
}

type ReportKey =
  | 'report.description'
  | 'report.reason'
  | 'report.details'
  | 'report.detailsHint'
  | 'report.counter'
  | 'report.submit'
  | 'report.sending'
  | 'report.cancel'
  | 'report.sent'
  | 'report.failed';

/**
 * The form's texts from the namespace of the kind's page (cars, pluginDetail), each with the same
 * `report` group, and the kind's own title.
 */
export function reportTexts(t: (key: ReportKey, values?: TextValues) => string, title: string): ReportTexts {
  return {
    title,
    description: t('report.description'),
    reason: t('report.reason'),
    details: t('report.details'),
    detailsHint: t('report.detailsHint'),
    counter: (n) => t('report.counter', { length: n, max: REPORT_DETAILS_MAX }),
    submit: t('report.submit'),
    sending: t('report.sending'),
    cancel: t('report.cancel'),
    sent: t('report.sent'),
    failed: t('report.failed'),
  };
}

/**
 * A member reports someone else's plugin, car or comment to the moderators: a reason from the kind's
 * list, optional details (required for 'other'), checked with the kind's core schema before sending.
 */
export function ReportForm<R extends string>({
  open,
  onClose,
  reasons,
  schema,
  send,
  texts: T,
}: {
  open: boolean;
  onClose: () => void;
  reasons: Record<R, string>;
  schema: z.ZodType<{ reason: R; details: string }, unknown>;
  send: (body: { reason: R; details: string }) => Promise<unknown>;
  texts: ReportTexts;
}) {
  const [reason, setReason] = useState<R | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});
  const errorId = `${useId()}-reason-error`;

  const post = useMutation({
    mutationFn: send,
    meta: { errorShownInPlace: true },
    onSuccess: () => {
      toast.success(T.sent);
      setReason(null);
      setDetails('');
      onClose();
    },
  });

  const close = () => {
    post.reset();
    setErrors({});
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = schema.safeParse({ reason: reason ?? undefined, details });
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
    post.mutate(parsed.data);
  };

  return (
    <Dialog open={open} onClose={close} title={T.title} description={T.description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset aria-describedby={errors.reason ? errorId : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-200">{T.reason}</legend>
          <div className="space-y-1.5">
            {(Object.keys(reasons) as R[]).map((key) => (
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
                {reasons[key]}
              </label>
            ))}
          </div>
          {errors.reason && (
            <p id={errorId} className="mt-1 text-xs font-medium text-rose-400">
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
        {post.isError && <Alert variant="error">{errorText(post.error, T.failed)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={post.isPending}>
            {post.isPending ? T.sending : T.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
