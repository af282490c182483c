import { APPROVAL_NOTE_MAX, DENY_NOTE_MAX, denyNoteError, MODERATION_MESSAGES, type ModerationDetail } from '@bm/core';
import { useRef, useState } from 'react';
import { Alert, Button, ProgressBar, TextAreaField } from '../../components/ui';
import { isApiError } from '../../lib/api';
import { formatClockTime } from '../../lib/format';
import { When } from './components';
import { MODERATION_TEXT as T } from './constants';
import { AcknowledgeFlags, InspectionSection, useAcknowledgement } from './inspection-section';
import { ApprovalFiles, AuditList, BackLink, BuildLog, HoldEnds, ReviewDetails } from './review-sections';
import { useReviewActions } from './use-review-actions';

/** One submission under review: its details, the approve and deny forms, the build log and the audit. */
export function ReviewForm({ detail }: { detail: ModerationDetail }) {
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
          <h2 className="text-2xl font-bold text-white">{T.review(detail.name)}</h2>
          <p className="mt-1 text-sm text-slate-400">
            {detail.authorName} · <When at={detail.updatedAt} />
          </p>
        </div>
        <div role="group" aria-label="Review actions" className="flex flex-wrap gap-2">
          <Button onClick={approveNow} disabled={busy || lockedByOther}>
            {approve.isPending ? T.approving : T.approve}
          </Button>
          <Button variant="secondary" onClick={() => hide.mutate()} disabled={busy || lockedByOther}>
            {T.hideFromReview}
          </Button>
          <Button variant="danger" onClick={deny} disabled={busy || lockedByOther}>
            {T.deny}
          </Button>
        </div>
      </header>

      {detail.lock &&
        (lockedByOther ? (
          <Alert variant="warning" title={T.lockedTitle}>
            <p>{MODERATION_MESSAGES.lockedBy(detail.lock.username)}</p>
            <HoldEnds until={detail.lock.until} mine={false} />
            <Button
              size="sm"
              variant="outline"
              className="mt-2"
              onClick={() => takeOver.mutate()}
              disabled={takeOver.isPending}
            >
              {T.takeOver}
            </Button>
          </Alert>
        ) : (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="my-hold">
            <p className="text-sm font-medium text-slate-200">{T.reviewingUntil(formatClockTime(detail.lock.until))}</p>
            <Button size="sm" variant="outline" onClick={() => release.mutate()} disabled={release.isPending}>
              {T.release}
            </Button>
            <HoldEnds until={detail.lock.until} mine className="w-full text-sm text-slate-400" />
          </div>
        ))}
      {detail.hiddenAt && <Alert variant="info">{T.hiddenNotice}</Alert>}
      {approve.isPending && hasFiles && <ProgressBar value={progress} label={T.uploadProgress} />}

      <ReviewDetails detail={detail} />
      {detail.inspection && <InspectionSection inspection={detail.inspection} />}

      <section aria-labelledby="review-approve" className="space-y-4">
        <h3 id="review-approve" className="text-lg font-semibold text-white">
          {T.approve}
        </h3>
        <TextAreaField
          label={T.approvalNote}
          hint={T.approvalNoteHint}
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
          {T.deny}
        </h3>
        <TextAreaField
          ref={denyRef}
          label={T.denyNote}
          hint={T.denyNoteHint}
          error={denyError}
          value={denyNote}
          maxLength={DENY_NOTE_MAX}
          onChange={(e) => {
            setDenyNote(e.target.value);
            if (denyError) setDenyError(denyNoteError(e.target.value));
          }}
          disabled={busy}
        />
        <p className="text-right text-xs text-slate-400" data-testid="deny-counter">
          {T.counter(denyNote.length)}
        </p>
      </section>

      {detail.buildLog && <BuildLog log={detail.buildLog} />}
      <AuditList audit={detail.audit} />
    </div>
  );
}
