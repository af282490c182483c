import { APPROVAL_NOTE_MAX, DENY_NOTE_MAX, denyNoteError, type ModerationDetail } from '@bm/core';
import { useRef, useState } from 'react';
import { Alert, Button, ProgressBar, TextAreaField } from '../../components/ui';
import { isApiError } from '../../lib/api';
import { formatClockTime } from '../../lib/format';
import { When } from './components';
import { AcknowledgeFlags, InspectionSection, useAcknowledgement } from './inspection-section';
import { ApprovalFiles, AuditList, BackLink, BuildLog, HoldEnds, ReviewDetails } from './review-sections';
import { moderationMessage, useModerationT } from './moderation-text';
import { useReviewActions } from './use-review-actions';

/** One submission under review: its details, the approve and deny forms, the build log and the audit. */
export function ReviewForm({ detail }: { detail: ModerationDetail }) {
  const t = useModerationT();
  const [approvalNote, setApprovalNote] = useState('');
  const [binary, setBinary] = useState<File | null>(null);
  const [debugArchive, setDebugArchive] = useState<File | null>(null);
  const [denyNote, setDenyNote] = useState('');
  const [denyError, setDenyError] = useState<string | null>(null);
  const denyRef = useRef<HTMLTextAreaElement>(null);
  const ack = useAcknowledgement();
  const { approve, reject, hide, takeOver, release, busy, progress } = useReviewActions(detail);

  const lockedByOther = detail.lock !== null && !detail.lock.mine;
  const hasFiles = Boolean(binary || debugArchive);
  // The flags of the built binary, or those the server named when refusing an attached one (409).
  const errorFlags = isApiError(approve.error) ? approve.error.flags : null;
  const flags = errorFlags ?? (binary ? [] : (detail.inspection?.flags ?? []));

  const approveNow = () => {
    if (!ack.ready(flags)) return;
    approve.mutate({ binary, debugArchive, approvalNote, acknowledgeFlags: flags.length > 0 && ack.checked });
  };

  const deny = () => {
    const problem = denyNoteError(denyNote);
    setDenyError(problem);
    if (problem) {
      denyRef.current?.focus();
      return;
    }
    reject.mutate(denyNote.trim());
  };

  return (
    <div className="space-y-6">
      <BackLink />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold text-white">{t('review.title', { name: detail.name })}</h2>
          <p className="mt-1 text-sm text-slate-400">
            {detail.authorName} · <When at={detail.updatedAt} />
          </p>
        </div>
        <div role="group" aria-label={t('review.actions')} className="flex flex-wrap gap-2">
          <Button onClick={approveNow} disabled={busy || lockedByOther}>
            {approve.isPending ? t('review.approving') : t('review.approve')}
          </Button>
          <Button variant="secondary" onClick={() => hide.mutate()} disabled={busy || lockedByOther}>
            {t('review.hideFromReview')}
          </Button>
          <Button variant="danger" onClick={deny} disabled={busy || lockedByOther}>
            {t('review.deny')}
          </Button>
        </div>
      </header>

      {detail.lock &&
        (lockedByOther ? (
          <Alert variant="warning" title={t('hold.lockedTitle')}>
            <p>{t('hold.lockedBy', { name: detail.lock.username })}</p>
            <HoldEnds until={detail.lock.until} mine={false} />
            <Button
              size="sm"
              variant="outline"
              className="mt-2"
              onClick={() => takeOver.mutate()}
              disabled={takeOver.isPending}
            >
              {t('hold.takeOver')}
            </Button>
          </Alert>
        ) : (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="my-hold">
            <p className="text-sm font-medium text-slate-200">
              {t('hold.reviewingUntil', { time: formatClockTime(detail.lock.until) })}
            </p>
            <Button size="sm" variant="outline" onClick={() => release.mutate()} disabled={release.isPending}>
              {t('hold.release')}
            </Button>
            <HoldEnds until={detail.lock.until} mine className="w-full text-sm text-slate-400" />
          </div>
        ))}
      {detail.hiddenAt && <Alert variant="info">{t('review.hiddenNotice')}</Alert>}
      {approve.isPending && hasFiles && <ProgressBar value={progress} label={t('review.uploadProgress')} />}

      <ReviewDetails detail={detail} />
      {detail.inspection && <InspectionSection inspection={detail.inspection} />}

      <section aria-labelledby="review-approve" className="space-y-4">
        <h3 id="review-approve" className="text-lg font-semibold text-white">
          {t('review.approve')}
        </h3>
        <TextAreaField
          label={t('review.approvalNote')}
          hint={t('review.approvalNoteHint')}
          value={approvalNote}
          maxLength={APPROVAL_NOTE_MAX}
          onChange={(e) => setApprovalNote(e.target.value)}
          disabled={busy}
        />
        <ApprovalFiles
          hasBinary={detail.hasBinary}
          binary={binary}
          onBinary={setBinary}
          debugArchive={debugArchive}
          onDebugArchive={setDebugArchive}
          disabled={busy}
        />
        {flags.length > 0 && <AcknowledgeFlags flags={flags} {...ack.box} disabled={busy} />}
      </section>

      <section aria-labelledby="review-deny" className="space-y-1">
        <h3 id="review-deny" className="mb-3 text-lg font-semibold text-white">
          {t('review.deny')}
        </h3>
        <TextAreaField
          ref={denyRef}
          label={t('review.denyNote')}
          hint={t('review.denyNoteHint')}
          error={denyError && moderationMessage(t, denyError)}
          value={denyNote}
          maxLength={DENY_NOTE_MAX}
          onChange={(e) => {
            setDenyNote(e.target.value);
            if (denyError) setDenyError(denyNoteError(e.target.value));
          }}
          disabled={busy}
        />
        <p className="text-right text-xs text-slate-400" data-testid="deny-counter">
          {t('review.counter', { length: denyNote.length, max: DENY_NOTE_MAX })}
        </p>
      </section>

      {detail.buildLog && <BuildLog log={detail.buildLog} />}
      <AuditList audit={detail.audit} />
    </div>
  );
}
