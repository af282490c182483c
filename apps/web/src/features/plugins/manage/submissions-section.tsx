import { submissionStatusName, type Submission, type SubmissionStatusName } from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Dialog, Spinner, Time, cx } from '../../../components/ui';
import { errorText } from '../../../lib/api';
import { formatBytes } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { managePluginApi, myPdbsQuery, myPluginKeys, mySubmissionsQuery } from './api';
import { ManageSection } from './section';
import { ordinal, usePluginManageT } from './manage-text';

const statusTone: Record<string, string> = {
  Approved: 'bg-emerald-500/15 text-emerald-300',
  Rejected: 'bg-rose-500/15 text-rose-300',
  Pending: 'bg-amber-500/15 text-amber-200',
  Building: 'bg-sky-500/15 text-sky-300',
  Queued: 'bg-slate-700 text-slate-200',
};

/** Submissions of the plugin; they refresh when a SubmissionUpdated event for this plugin arrives (useOwnPluginBuildToasts). */
export function SubmissionsSection({ pluginId }: { pluginId: number }) {
  const t = usePluginManageT();
  const client = useQueryClient();
  const list = useQuery(mySubmissionsQuery(pluginId));
  const [toDelete, setToDelete] = useState<Submission | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async (s: Submission) => {
    try {
      const { url } = await managePluginApi.sourceUrl(pluginId, s.submissionId);
      window.open(url, '_blank', 'noopener');
    } catch (err) {
      toast.error(errorText(err, t('downloadFailed')));
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await managePluginApi.deleteSubmission(pluginId, toDelete.submissionId);
      client.setQueryData<Submission[]>(myPluginKeys.submissions(pluginId), (old) =>
        old?.filter((x) => x.submissionId !== toDelete.submissionId),
      );
      void client.invalidateQueries({ queryKey: myPluginKeys.one(pluginId) });
      toast.success(t('submissionDeleted'));
      setToDelete(null);
    } catch (err) {
      toast.error(errorText(err, t('submissionDeleteFailed')));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <ManageSection id="submissions" title={t('submissions')}>
      {list.isPending ? (
        <Spinner label={t('submissionsLoading')} />
      ) : list.isError ? (
        <Alert variant="error">{t('submissionsFailed')}</Alert>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-400">{t('noSubmissions')}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">{t('submissions')}</caption>
            <thead className="border-b border-slate-800 text-xs uppercase tracking-wide text-slate-400">
              <tr>
                {(['colVersion', 'colStatus', 'colUploaded', 'colFile', 'colNotes', 'colActions'] as const).map(
                  (key, i, all) => (
                    <th key={key} scope="col" className={i < all.length - 1 ? 'py-2 pr-3' : 'py-2'}>
                      {t(key)}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800">
              {list.data.map((s) => (
                <SubmissionRow
                  key={s.submissionId}
                  s={s}
                  onDownload={() => void download(s)}
                  onDelete={() => setToDelete(s)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog
        open={toDelete !== null}
        onClose={() => !deleting && setToDelete(null)}
        title={t('deleteSubmissionTitle')}
        description={
          toDelete
            ? t('deleteSubmissionBody', { version: toDelete.versionString ?? `#${toDelete.submissionId}` })
            : undefined
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setToDelete(null)} disabled={deleting}>
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={() => void confirmDelete()} disabled={deleting}>
            {deleting ? t('deleting') : t('deleteConfirm')}
          </Button>
        </div>
      </Dialog>
    </ManageSection>
  );
}

/** Core's status names (SUBMISSION_STATUSES), by key. */
const STATUS_NAMES = {
  Queued: 'submissionStatus.Queued',
  Building: 'submissionStatus.Building',
  Pending: 'submissionStatus.Pending',
  Approved: 'submissionStatus.Approved',
  Rejected: 'submissionStatus.Rejected',
  Skipped: 'submissionStatus.Skipped',
  Unknown: 'submissionStatus.Unknown',
} as const satisfies Record<SubmissionStatusName, string>;

/** One submission: version, status (with its queue place), upload, file, notes or build log, actions. */
function SubmissionRow({ s, onDownload, onDelete }: { s: Submission; onDownload: () => void; onDelete: () => void }) {
  const t = usePluginManageT();
  const name = submissionStatusName(s.status);
  const note = s.denyReason ?? s.approvalNote ?? s.notes;
  return (
    <tr data-testid="submission-row" className="align-top">
      <td className="py-2 pr-3 font-medium text-slate-100">{s.versionString ?? t('noVersion')}</td>
      <td className="py-2 pr-3">
        <span
          className={cx(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            statusTone[name] ?? 'bg-slate-700 text-slate-200',
          )}
        >
          {t(STATUS_NAMES[name])}
        </span>
        {s.status === 'p' && s.queuePosition !== null && (
          <span className="mt-1 block text-xs text-slate-400">
            {t('queuePlace', { place: ordinal(s.queuePosition) })}
          </span>
        )}
      </td>
      <td className="py-2 pr-3 text-slate-300">
        <Time value={s.createdAt} />
      </td>
      <td className="py-2 pr-3 text-slate-300">
        <span className="block max-w-48 truncate" title={s.sourceFileName}>
          {s.sourceFileName}
        </span>
        <span className="text-xs text-slate-400">{formatBytes(s.sourceFileSize)}</span>
      </td>
      <td className="py-2 pr-3">
        <span className={s.denyReason ? 'text-rose-300' : 'text-slate-300'}>{note ?? ''}</span>
        {s.status === 'r' && s.buildLog && (
          <details className="mt-1">
            <summary className="cursor-pointer text-xs font-medium text-sky-300">{t('buildLog')}</summary>
            <pre className="mt-1 max-h-80 max-w-xl overflow-auto whitespace-pre-wrap break-words rounded bg-slate-950 p-2 font-mono text-xs text-slate-300">
              {s.buildLog}
            </pre>
          </details>
        )}
      </td>
      <td className="py-2">
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="outline" onClick={onDownload}>
            {t('downloadSource')}
          </Button>
          {s.status !== 'a' && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`${t('deleteSubmission')} ${s.versionString ?? `#${s.submissionId}`}`}
              onClick={onDelete}
            >
              {t('deleteSubmission')}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Debug files (.pdb) of approved builds, each a download link. */
export function DebugFilesSection({ pluginId }: { pluginId: number }) {
  const t = usePluginManageT();
  const list = useQuery(myPdbsQuery(pluginId));
  return (
    <ManageSection id="debug-files" title={t('debugFiles')} intro={t('debugIntro')}>
      {list.isPending ? (
        <Spinner label={t('debugLoading')} />
      ) : list.isError ? (
        <Alert variant="error">{t('debugFailed')}</Alert>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-400">{t('noDebugFiles')}</p>
      ) : (
        <ul className="divide-y divide-slate-800 text-sm">
          {list.data.map((f) => (
            <li
              key={`${f.submissionId}-${f.fileName}`}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <a
                href={f.url}
                download={f.fileName}
                className="font-medium text-sky-300 underline-offset-2 hover:underline"
              >
                {f.fileName}
              </a>
              <span className="text-xs text-slate-400">
                {f.versionString ?? t('noVersion')}
                {f.approvedAt ? (
                  <>
                    {' · '}
                    <Time value={f.approvedAt} />
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ManageSection>
  );
}
