import {
  activePullRequestsUrl,
  BINARY_ZIP_MAX_BYTES,
  DEBUG_ARCHIVE_MAX_BYTES,
  MODERATION_MESSAGES,
  type ModerationDetail,
} from '@bm/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FileDropZone, fileProblem, ZIP_ACCEPT } from '../../components/file-drop-zone';
import { Button, buttonClasses, cx, focusRing, Time } from '../../components/ui';
import { useNow } from '../../lib/now';
import { toast } from '../../lib/toast';
import { StatusBadge, tableClasses as c, When } from './components';
import { MODERATION_TEXT as T } from './constants';

export function BackLink() {
  return (
    <Link
      to="/moderator/pending"
      className={cx('inline-flex items-center gap-1 rounded text-sm text-slate-400 hover:text-white', focusRing)}
    >
      <span aria-hidden="true">←</span> {T.backToPending}
    </Link>
  );
}

/** 'Their hold ends in 14 minutes.' (or 'ended … ago'), on the shared clock so it stays true. */
export function HoldEnds({ until, mine, className }: { until: string; mine: boolean; className?: string }) {
  const ended = new Date(until).getTime() <= useNow();
  const words = mine ? (ended ? T.yourHoldEnded : T.yourHoldEnds) : ended ? T.theirHoldEnded : T.theirHoldEnds;
  return (
    <p className={className}>
      {words} <Time value={until} />.
    </p>
  );
}

/** The submission's details, its source to download and the repository's open pull requests. */
export function ReviewDetails({ detail }: { detail: ModerationDetail }) {
  const prsUrl = activePullRequestsUrl(detail.sourceCodeUrl);
  const downloadSource = () => {
    if (!detail.source) toast.error(T.noSource);
    else window.location.assign(detail.source.downloadUrl);
  };
  return (
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
            <DetailRow label={T.changelog}>
              {detail.changelog ? (
                <p className="whitespace-pre-wrap break-words">{detail.changelog}</p>
              ) : (
                <span className="text-slate-400">{T.noChangelog}</span>
              )}
            </DetailRow>
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

/** The two archives a moderator may attach when approving: the built binary and its debug symbols. */
export function ApprovalFiles({
  hasBinary,
  binary,
  onBinary,
  debugArchive,
  onDebugArchive,
  disabled,
}: {
  hasBinary: boolean;
  binary: File | null;
  onBinary: (file: File | null) => void;
  debugArchive: File | null;
  onDebugArchive: (file: File | null) => void;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FileDropZone
        label={T.binaryZip}
        hint={hasBinary ? T.binaryBuilt : MODERATION_MESSAGES.needsBinary}
        accept={ZIP_ACCEPT}
        prompt={T.dropHere}
        check={checkBinary}
        file={binary}
        onChange={onBinary}
        disabled={disabled}
      />
      <FileDropZone
        label={T.debugZip}
        hint={T.debugZipHint}
        accept={ZIP_ACCEPT}
        prompt={T.dropHere}
        check={checkDebug}
        file={debugArchive}
        onChange={onDebugArchive}
        disabled={disabled}
      />
    </div>
  );
}

export function BuildLog({ log }: { log: string }) {
  return (
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
        {log}
      </pre>
    </section>
  );
}

export function AuditList({ audit }: { audit: ModerationDetail['audit'] }) {
  return (
    <section aria-labelledby="review-audit">
      <h3 id="review-audit" className="mb-2 text-lg font-semibold text-white">
        {T.audit}
      </h3>
      {audit.length === 0 ? (
        <p className="text-sm text-slate-400">{T.noAudit}</p>
      ) : (
        <ol className="space-y-2" data-testid="audit-list">
          {audit.map((a) => (
            <li key={a.id} className="rounded-lg border border-slate-800 px-3 py-2 text-sm">
              <span className="font-semibold capitalize text-slate-100">{a.action}</span>{' '}
              <span className="text-slate-400">{T.by(a.actor)}</span> · <When at={a.createdAt} />
              {a.note && <p className="mt-1 whitespace-pre-wrap text-slate-300">{a.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
