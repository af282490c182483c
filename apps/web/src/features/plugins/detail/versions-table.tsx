import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Markdown } from '../../../components/markdown';
import { Spinner, Time, cx, focusRing } from '../../../components/ui';
import { pluginVersionsQuery } from '../api';
import type { PluginVersion } from '@bm/core';
import { formatBytes } from '../../../lib/format';
import { CopyHash } from './copy-hash';
import { usePluginDetailT } from './detail-text';

export function VersionsTable({ pluginId }: { pluginId: number }) {
  const t = usePluginDetailT();
  const versions = useQuery(pluginVersionsQuery(pluginId));
  if (versions.isError)
    return (
      <p role="alert" className="text-rose-300">
        {t('versions.failed')}
      </p>
    );
  if (versions.isPending) return <Spinner label={t('versions.loading')} />;
  if (versions.data.length === 0) return <p className="text-slate-400">{t('versions.noVersions')}</p>;
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-800 text-slate-400">
          <tr>
            {[t('versions.versionCol'), t('versions.releasedCol'), t('versions.downloadCol')].map((label, i, all) => (
              <th key={i} scope="col" className={cx('py-2 font-medium', i < all.length - 1 && 'pr-4')}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {versions.data.map((v) => (
            <Fragment key={v.submissionId}>
              <tr>
                <td className="py-2 pr-4 text-slate-100">{v.versionString ?? `#${v.submissionId}`}</td>
                <td className="py-2 pr-4 text-slate-300">
                  <Time value={v.publishedAt} />
                </td>
                <td className="py-2">
                  {v.binaryDownloadUrl ? (
                    <a href={v.binaryDownloadUrl} className={cx('text-sky-300 hover:underline', focusRing)}>
                      {t('versions.download')}
                      <span className="sr-only"> {v.versionString ?? ''}</span>
                    </a>
                  ) : (
                    <span className="text-slate-400">–</span>
                  )}
                </td>
              </tr>
              <tr className="border-b border-slate-800/60">
                <td colSpan={3} className="pb-3">
                  {v.changelogHtml && (
                    <section
                      aria-label={t('versions.changelogOf', { version: v.versionString ?? `#${v.submissionId}` })}
                      className="mb-2 max-w-prose text-sm text-slate-300"
                    >
                      <Markdown html={v.changelogHtml} className="[&>:first-child]:mt-0!" />
                    </section>
                  )}
                  <VersionHashes version={v} pluginId={pluginId} />
                </td>
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The SHA-256 of the version's ZIP and, folded, of every file in it: what a player can check a download against. */
function VersionHashes({ version: v, pluginId }: { version: PluginVersion; pluginId: number }) {
  const t = usePluginDetailT();
  const version = v.versionString ?? `#${v.submissionId}`;
  return (
    <div className="space-y-1 text-xs text-slate-400">
      <VersionOrigin
        version={v}
        name={version}
        href={`/api/plugins/${pluginId}/versions/${v.submissionId}/provenance`}
      />
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <span className="font-medium text-slate-300">{t('versions.sha256')}</span>
        <CopyHash hash={v.sha256} label={t('versions.copyZipHash', { version })} />
      </div>
      {v.files.length > 0 && (
        <details>
          <summary className={cx('cursor-pointer rounded text-slate-300', focusRing)}>
            {t('versions.filesInZip', { number: v.files.length })}
          </summary>
          <ul className="mt-1 space-y-1">
            {v.files.map((f) => (
              <li key={f.path} className="min-w-0">
                <span className="break-all text-slate-300">{f.path}</span> <span>({formatBytes(f.size)})</span>
                <CopyHash hash={f.sha256} label={t('versions.copyFileHash', { path: f.path })} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/**
 * Where the version's binary came from: built from source by a builder whose signed provenance the
 * site verified (with a link to the envelope, for `npm run cli -- verify`), or attached by a moderator.
 */
function VersionOrigin({ version: v, name, href }: { version: PluginVersion; name: string; href: string }) {
  const t = usePluginDetailT();
  if (!v.provenance) return <p data-testid="version-origin">{t('versions.uploadedByModerator')}</p>;
  return (
    <p data-testid="version-origin" className="flex min-w-0 flex-wrap items-baseline gap-x-2">
      <span className="break-all text-emerald-300">
        {t('versions.builtFromSource', { builder: v.provenance.builderId })}
      </span>
      <a
        href={href}
        aria-label={t('versions.provenanceLinkOf', { version: name })}
        className={cx('text-sky-300 hover:underline', focusRing)}
      >
        {t('versions.provenanceLink')}
      </a>
    </p>
  );
}
