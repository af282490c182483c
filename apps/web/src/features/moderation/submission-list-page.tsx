import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { cx, focusRing, DataTable } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { submissionListQuery, type SubmissionList } from './api';
import {
  Badge,
  ListSearch,
  ListSection,
  PagedList,
  StatusBadge,
  tableClasses as c,
  useListParams,
  When,
} from './components';
import { useModerationT } from './moderation-text';

const TITLES = { pending: 'submissions.pendingTitle', hidden: 'submissions.hiddenTitle' } as const satisfies Record<
  SubmissionList,
  string
>;

export function PendingPluginsPage() {
  return <SubmissionListPage kind="pending" />;
}

export function HiddenPluginsPage() {
  return <SubmissionListPage kind="hidden" />;
}

function SubmissionListPage({ kind }: { kind: SubmissionList }) {
  const t = useModerationT();
  const title = t(TITLES[kind]);
  useDocumentTitle(title);
  const { page, search, setPage, setSearch } = useListParams();
  const q = useQuery(submissionListQuery(kind, { page, search }));

  return (
    <ListSection titleId={`${kind}-title`} title={title}>
      <ListSearch value={search} onSearch={setSearch} />
      <PagedList
        q={q}
        items={(d) => d.items}
        failed={t('submissions.failed')}
        empty={<EmptyList kind={kind} searching={Boolean(search)} />}
        watch={`${page}|${search}`}
        page={page}
        onPage={setPage}
      >
        {(items) => (
          <DataTable
            caption={title}
            columns={[
              t('submissions.plugin'),
              t('submissions.submitter'),
              t('submissions.updated'),
              t('submissions.status'),
            ]}
          >
            {items.map((item) => (
              <tr key={item.id} className={c.row} data-testid="submission-row">
                <td className={c.td}>
                  <Link
                    to={`/moderator/pending/${item.id}`}
                    className={cx('font-semibold text-sky-300 hover:text-sky-200', focusRing)}
                  >
                    {item.name}
                  </Link>
                  {item.version && <span className="ml-2 text-xs text-slate-400">v{item.version}</span>}
                </td>
                <td className={c.td}>{item.submitter}</td>
                <td className={c.td}>
                  <When at={item.updatedAt} />
                </td>
                <td className={c.td}>
                  <span className="flex flex-wrap gap-1">
                    <StatusBadge status={item.status} />
                    {item.hiddenAt && <Badge>{t('submissions.hiddenBadge')}</Badge>}
                  </span>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedList>
    </ListSection>
  );
}

function EmptyList({ kind, searching }: { kind: SubmissionList; searching: boolean }) {
  const t = useModerationT();
  return (
    <div className="py-8 text-center">
      <p className="text-slate-400">{kind === 'pending' ? t('submissions.noPending') : t('submissions.noHidden')}</p>
      {searching && <p className="mt-1 text-sm text-slate-400">{t('submissions.noMatch')}</p>}
      {kind === 'hidden' && (
        <p className="mt-3 flex justify-center gap-4 text-sm">
          <Link to="/moderator/pending" className={cx('text-sky-300 hover:text-sky-200', focusRing)}>
            {t('submissions.goPending')}
          </Link>
          <Link to="/moderator/reported" className={cx('text-sky-300 hover:text-sky-200', focusRing)}>
            {t('submissions.goReported')}
          </Link>
        </p>
      )}
    </div>
  );
}
