import {
  activePullRequestsUrl,
  APPROVAL_NOTE_MAX,
  BINARY_ZIP_MAX_BYTES,
  DEBUG_ARCHIVE_MAX_BYTES,
  DENY_NOTE_MAX,
  denyNoteError,
  MODERATION_MESSAGES,
  type ModerationDetail,
} from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Button,
  buttonClasses,
  cx,
  focusRing,
  LoadingState,
  ProgressBar,
  TextAreaField,
  Time,
} from '../../components/ui';
import { FileDropZone, fileProblem, ZIP_ACCEPT } from '../../components/file-drop-zone';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText, isApiError } from '../../lib/api';
import { formatClockTime } from '../../lib/format';
import { useNow } from '../../lib/now';
import { routeId } from '../../lib/redirect';
import { toast } from '../../lib/toast';
import { moderationApi, moderationDetailQuery, moderationKeys } from './api';
import { StatusBadge, tableClasses as c, When } from './components';
import { MODERATION_TEXT as T } from './constants';

export function PluginReviewPage() {
  const id = routeId(useParams().id);
  const q = useQuery({ ...moderationDetailQuery(id ?? 0), enabled: id !== null });
  useDocumentTitle(q.data ? T.review(q.data.name) : T.reviewLoading);

  if (id === null) return <Alert variant="error">{MODERATION_MESSAGES.submissionNotFound}</Alert>;
  if (q.isPending) return <LoadingState text={T.reviewLoading} className="py-10" />;
  if (q.isError)
    return (
      <div className="space-y-4">
        <Alert variant="error">{errorText(q.error, T.reviewFailed)}</Alert>
        <BackLink />
      </div>
    );
  return <ReviewForm key={q.data.id} detail={q.data} />;
}

function BackLink() {
  return (
    <Link
      to="/moderator/pending"
      className={cx('inline-flex items-center gap-1 rounded text-sm text-slate-400 hover:text-white', focusRing)}
    >
      <span aria-hidden="true">←</span> {T.backToPending}
    </Link>
  );
}

const checkBinary = (file: File) =>
  fileProblem(file, {
    kind: 'zip',
    maxBytes: BINARY_ZIP_MAX_BYTES,
    typeMessage: T.notZip,
    sizeMessage: MODERATION_MESSAGES.binaryTooLarge,
  });
const checkDebug = (file: File) =>
  fileProblem(file, {
    kind: 'zip',
    maxBytes: DEBUG_ARCHIVE_MAX_BYTES,
    typeMessage: T.notZip,
    sizeMessage: MODERATION_MESSAGES.debugTooLarge,
  });

/** 'Their hold ends in 14 minutes.' (or 'ended … ago'), on the shared clock so it stays true. */
function HoldEnds({ until, mine, className }: { until: string; mine: boolean; className?: string }) {
  const ended = new Date(until).getTime() <= useNow();
  const words = mine ? (ended ? T.yourHoldEnded : T.yourHoldEnds) : ended ? T.theirHoldEnded : T.theirHoldEnds;
  return (
    <p className={className}>
      {words} <Time value={until} />.
    </p>
  );
}

/** A failed action's toast: the spec's text, with the server's own reason under it when it gave one. */
function failed(title: string, err: unknown) {
  const detail = errorText(err, '');
  if (detail) toast.error(detail, { title });
  else toast.error(title);
}

function ReviewForm({ detail }: { detail: ModerationDetail }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [approvalNote, setApprovalNote] = useState('');
  const [binary, setBinary] = useState<File | null>(null);
  const [debugArchive, setDebugArchive] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [denyNote, setDenyNote] = useState('');
  const [denyError, setDenyError] = useState<string | null>(null);
  const denyRef = useRef<HTMLTextAreaElement>(null);

  const lockedByOther = detail.lock !== null && !detail.lock.mine;
  const hasFiles = Boolean(binary || debugArchive);
  const prsUrl = activePullRequestsUrl(detail.sourceCodeUrl);

  const done = (message: string) => {
    toast.success(message);
    client.removeQueries({ queryKey: moderationKeys.detail(detail.id) });
    void client.invalidateQueries({ queryKey: moderationKeys.lists() });
    void client.invalidateQueries({ queryKey: moderationKeys.dashboard() });
    void navigate('/moderator/pending');
  };
  const onConflict = (err: unknown) => {
    // Someone took the review meanwhile: show who.
    if (isApiError(err) && err.status === 409)
      void client.invalidateQueries({ queryKey: moderationKeys.detail(detail.id) });
  };

  const approve = useMutation({
    mutationFn: () => {
      setProgress(0);
      return moderationApi.approve(detail.id, { binary, debugArchive, approvalNote }, setProgress);
    },
    onSuccess: () => done(T.approved),
    onError: (err) => {
      failed(T.approveFailed, err);
      onConflict(err);
    },
  });
  const reject = useMutation({
    mutationFn: (reason: string) => moderationApi.reject(detail.id, { reason }),
    onSuccess: () => done(T.rejected),
    onError: (err) => {
      failed(T.rejectFailed, err);
      onConflict(err);
    },
  });
  const hide = useMutation({
    mutationFn: () => moderationApi.hide(detail.id),
    onSuccess: () => done(T.hidden),
    onError: (err) => {
      failed(T.hideFailed, err);
      onConflict(err);
    },
  });
  const takeOver = useMutation({
    mutationFn: () => moderationApi.takeOver(detail.id),
    onSuccess: (next) => {
      client.setQueryData(moderationKeys.detail(detail.id), next);
      toast.success(T.tookOver);
    },
    onError: (err) => failed(T.takeOverFailed, err),
  });

  const release = useMutation({
    mutationFn: () => moderationApi.release(detail.id),
    onSuccess: (next) => {
      client.setQueryData(moderationKeys.detail(detail.id), next);
      toast.success(T.released);
    },
    onError: (err) => failed(T.releaseFailed, err),
  });

  const busy = approve.isPending || reject.isPending || hide.isPending;
  const deny = () => {
    const problem = denyNoteError(denyNote);
    setDenyError(problem);
    if (problem) {
      denyRef.current?.focus();
      return;
    }
    reject.mutate(denyNote.trim());
  };
  const downloadSource = () => {
    if (!detail.source) toast.error(T.noSource);
    else window.location.assign(detail.source.downloadUrl);
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
          <Button onClick={() => approve.mutate()} disabled={busy || lockedByOther}>
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

      <section aria-labelledby="review-details">
        <h3 id="review-details" className="mb-2 text-lg font-semibold text-white">
          {T.details}
        </h3>
        <div className={c.wrap}>
          <table className={c.table}>
            <tbody>
              <DetailRow label={T.name}>{detail.name}</DetailRow>
              <DetailRow label={T.author}>{detail.authorName}</DetailRow>
              <DetailRow label={T.description}>
                {detail.shortDescription && <p>{detail.shortDescription}</p>}
                {detail.description && <p className="mt-1 whitespace-pre-wrap text-slate-400">{detail.description}</p>}
              </DetailRow>
              <DetailRow label={T.fileName}>{detail.source?.name ?? T.noFile}</DetailRow>
              <DetailRow label={T.version}>{detail.version ?? T.noVersion}</DetailRow>
              <DetailRow label={T.status}>
                <StatusBadge status={detail.status} />
              </DetailRow>
            </tbody>
          </table>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="outline" onClick={downloadSource}>
            {T.downloadSource}
          </Button>
          {prsUrl && (
            <a href={prsUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
              {T.openPrs}
              <span className="sr-only"> {T.opensNewTab}</span>
            </a>
          )}
        </div>
      </section>

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
        <div className="grid gap-4 md:grid-cols-2">
          <FileDropZone
            label={T.binaryZip}
            hint={detail.hasBinary ? T.binaryBuilt : MODERATION_MESSAGES.needsBinary}
            accept={ZIP_ACCEPT}
            prompt={T.dropHere}
            check={checkBinary}
            file={binary}
            onChange={setBinary}
            disabled={busy}
          />
          <FileDropZone
            label={T.debugZip}
            hint={T.debugZipHint}
            accept={ZIP_ACCEPT}
            prompt={T.dropHere}
            check={checkDebug}
            file={debugArchive}
            onChange={setDebugArchive}
            disabled={busy}
          />
        </div>
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

      {detail.buildLog && (
        <section aria-labelledby="review-build-log">
          <h3 id="review-build-log" className="mb-2 text-lg font-semibold text-white">
            {T.buildLog}
          </h3>
          <pre
            tabIndex={0}
            className={cx(
              'max-h-80 overflow-auto rounded-xl border border-slate-800 bg-slate-950 p-3 text-xs text-slate-300',
              focusRing,
            )}
          >
            {detail.buildLog}
          </pre>
        </section>
      )}

      <section aria-labelledby="review-audit">
        <h3 id="review-audit" className="mb-2 text-lg font-semibold text-white">
          {T.audit}
        </h3>
        {detail.audit.length === 0 ? (
          <p className="text-sm text-slate-400">{T.noAudit}</p>
        ) : (
          <ol className="space-y-2" data-testid="audit-list">
            {detail.audit.map((a) => (
              <li key={a.id} className="rounded-lg border border-slate-800 px-3 py-2 text-sm">
                <span className="font-semibold capitalize text-slate-100">{a.action}</span>{' '}
                <span className="text-slate-400">{T.by(a.actor)}</span> · <When at={a.createdAt} />
                {a.note && <p className="mt-1 whitespace-pre-wrap text-slate-300">{a.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr className={c.row}>
      <th scope="row" className={cx(c.th, 'w-40 bg-slate-900 text-xs uppercase tracking-wide text-slate-400')}>
        {label}
      </th>
      <td className={c.td}>{children}</td>
    </tr>
  );
}
