import { activePullRequestsUrl, BINARY_ZIP_MAX_BYTES, DEBUG_ARCHIVE_MAX_BYTES, type ModerationDetail } from '@bm/core';
import type { ReactNode } from 'react';
import { BackLink as SharedBackLink } from '../../components/back-link';
import { FileDropZone, fileProblem, ZIP_ACCEPT } from '../../components/file-drop-zone';
import { Button, buttonClasses, cx, focusRing, Time } from '../../components/ui';
import { useNow } from '../../lib/now';
import { toast } from '../../lib/toast';
import { StatusBadge, tableClasses as c, When } from './components';
import { auditActionText, useModerationT, withNode } from './moderation-text';

export function BackLink() {
  const t = useModerationT();
  return <SharedBackLink to="/moderator/pending">{t('review.back')}</SharedBackLink>;
}

/** 'Their hold ends in 14 minutes.' (or 'ended … ago'), on the shared clock so it stays true. */
export function HoldEnds({ until, mine, className }: { until: string; mine: boolean; className?: string }) {
  const t = useModerationT();
  const ended = new Date(until).getTime() <= useNow();
  const key = mine ? (ended ? 'hold.yourEnded' : 'hold.yourEnds') : ended ? 'hold.theirEnded' : 'hold.theirEnds';
  return <p className={className}>{withNode((time) => t(key, { time }), <Time value={until} />)}</p>;
}

/** The submission's details, its source to download and the repository's open pull requests. */
export function ReviewDetails({ detail }: { detail: ModerationDetail }) {
  const t = useModerationT();
  const prsUrl = activePullRequestsUrl(detail.sourceCodeUrl);
  const downloadSource = () => {
    if (!detail.source) toast.error(t('details.noSource'));
    else window.location.assign(detail.source.downloadUrl);
  };
  return (
    <section aria-labelledby="review-details">
      <h3 id="review-details" className="mb-2 text-lg font-semibold text-white">
        {t('details.title')}
      </h3>
      <div className={c.wrap}>
        <table className={c.table}>
          <tbody>
            <DetailRow label={t('details.name')}>{detail.name}</DetailRow>
            <DetailRow label={t('details.author')}>{detail.authorName}</DetailRow>
            <DetailRow label={t('details.description')}>
              {detail.shortDescription && <p>{detail.shortDescription}</p>}
              {detail.description && <p className="mt-1 whitespace-pre-wrap text-slate-400">{detail.description}</p>}
            </DetailRow>
            <DetailRow label={t('details.fileName')}>{detail.source?.name ?? t('details.none')}</DetailRow>
            <DetailRow label={t('details.version')}>{detail.version ?? t('details.none')}</DetailRow>
            <DetailRow label={t('details.changelog')}>
              {detail.changelog ? (
                <p className="whitespace-pre-wrap break-words">{detail.changelog}</p>
              ) : (
                <span className="text-slate-400">{t('details.none')}</span>
              )}
            </DetailRow>
            <DetailRow label={t('details.status')}>
              <StatusBadge status={detail.status} />
            </DetailRow>
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" onClick={downloadSource}>
          {t('details.downloadSource')}
        </Button>
        {prsUrl && (
          <a href={prsUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
            {t('details.openPrs')}
            <span className="sr-only"> {t('details.opensNewTab')}</span>
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
  const t = useModerationT();
  const checkBinary = (file: File) =>
    fileProblem(file, {
      kind: 'zip',
      maxBytes: BINARY_ZIP_MAX_BYTES,
      typeMessage: t('files.notZip'),
      sizeMessage: t('files.binaryTooLarge'),
    });
  const checkDebug = (file: File) =>
    fileProblem(file, {
      kind: 'zip',
      maxBytes: DEBUG_ARCHIVE_MAX_BYTES,
      typeMessage: t('files.notZip'),
      sizeMessage: t('files.debugTooLarge'),
    });
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FileDropZone
        label={t('files.binaryZip')}
        hint={hasBinary ? t('files.binaryBuilt') : t('files.needsBinary')}
        accept={ZIP_ACCEPT}
        prompt={t('files.dropHere')}
        check={checkBinary}
        file={binary}
        onChange={onBinary}
        disabled={disabled}
      />
      <FileDropZone
        label={t('files.debugZip')}
        hint={t('files.debugZipHint')}
        accept={ZIP_ACCEPT}
        prompt={t('files.dropHere')}
        check={checkDebug}
        file={debugArchive}
        onChange={onDebugArchive}
        disabled={disabled}
      />
    </div>
  );
}

export function BuildLog({ log }: { log: string }) {
  const t = useModerationT();
  return (
    <section aria-labelledby="review-build-log">
      <h3 id="review-build-log" className="mb-2 text-lg font-semibold text-white">
        {t('buildLog')}
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
  const t = useModerationT();
  return (
    <section aria-labelledby="review-audit">
      <h3 id="review-audit" className="mb-2 text-lg font-semibold text-white">
        {t('audit.title')}
      </h3>
      {audit.length === 0 ? (
        <p className="text-sm text-slate-400">{t('audit.empty')}</p>
      ) : (
        <ol className="space-y-2" data-testid="audit-list">
          {audit.map((a) => (
            <li key={a.id} className="rounded-lg border border-slate-800 px-3 py-2 text-sm">
              <span className="font-semibold capitalize text-slate-100">{auditActionText(t, a.action)}</span>{' '}
              <span className="text-slate-400">{a.actor ? t('audit.by', { name: a.actor }) : t('audit.bySystem')}</span>{' '}
              · <When at={a.createdAt} />
              {a.note && <p className="mt-1 whitespace-pre-wrap text-slate-300">{a.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
