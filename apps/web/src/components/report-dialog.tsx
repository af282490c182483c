import { REPORT_DETAILS_MAX } from '@bm/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { errorText } from '../lib/api';
import { namespace } from '../lib/i18n';
import report from '../locales/en/report';
import { toast } from '../lib/toast';
import { Alert, Button, cx, Dialog, focusRing, TextAreaField } from './ui';

/** The report form's words, the same for every kind (namespace `report`). */
const { useT: useReportT } = namespace('report', report);

/**
 * A member reports someone else's plugin, car or comment to the moderators: a reason from the kind's
 * list, optional details (required for 'other'), checked with the kind's core schema before sending.
 * The kind names the dialog's title and the details' hint, in its page's language.
 */
export function ReportForm<R extends string>({
  open,
  onClose,
  reasons,
  schema,
  send,
  title,
  detailsHint,
}: {
  open: boolean;
  onClose: () => void;
  reasons: Record<R, string>;
  schema: z.ZodType<{ reason: R; details: string }, unknown>;
  send: (body: { reason: R; details: string }) => Promise<unknown>;
  title: string;
  detailsHint: string;
}) {
  const t = useReportT();
  const [reason, setReason] = useState<R | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});
  const errorId = `${useId()}-reason-error`;

  const post = useMutation({
    mutationFn: send,
    meta: { errorShownInPlace: true },
    onSuccess: () => {
      toast.success(t('sent'));
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
    <Dialog open={open} onClose={close} title={title} description={t('description')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset aria-describedby={errors.reason ? errorId : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-200">{t('reason')}</legend>
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
            label={t('details')}
            hint={detailsHint}
            error={errors.details}
            value={details}
            maxLength={REPORT_DETAILS_MAX}
            onChange={(e) => setDetails(e.target.value)}
          />
          <p className="mt-1 text-right text-xs text-slate-400">
            {t('counter', { length: details.length, max: REPORT_DETAILS_MAX })}
          </p>
        </div>
        {post.isError && <Alert variant="error">{errorText(post.error, t('failed'))}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={post.isPending}>
            {post.isPending ? t('sending') : t('submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
