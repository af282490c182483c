import { useQuery } from '@tanstack/react-query';
import { Spinner, Time, cx, focusRing } from '../../../components/ui';
import { pluginVersionsQuery } from '../api';
import { PLUGIN_DETAIL_TEXT as T } from '../constants';

export function VersionsTable({ pluginId }: { pluginId: number }) {
  const versions = useQuery(pluginVersionsQuery(pluginId));
  if (versions.isError)
    return (
      <p role="alert" className="text-rose-300">
        {T.versionsFailed}
      </p>
    );
  if (versions.isPending) return <Spinner label="Loading versions" />;
  if (versions.data.length === 0) return <p className="text-slate-400">{T.noVersions}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-800 text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {T.versionCol}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {T.releasedCol}
            </th>
            <th scope="col" className="py-2 font-medium">
              {T.downloadCol}
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.data.map((v) => (
            <tr key={v.submissionId} className="border-b border-slate-800/60">
              <td className="py-2 pr-4 text-slate-100">{v.versionString ?? `#${v.submissionId}`}</td>
              <td className="py-2 pr-4 text-slate-300">
                <Time value={v.approvedAt ?? v.submittedAt} />
              </td>
              <td className="py-2">
                {v.binaryDownloadUrl ? (
                  <a href={v.binaryDownloadUrl} className={cx('text-sky-300 hover:underline', focusRing)}>
                    {T.download}
                    <span className="sr-only"> {v.versionString ?? ''}</span>
                  </a>
                ) : (
                  <span className="text-slate-400">–</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
