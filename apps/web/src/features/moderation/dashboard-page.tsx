import { exactNumber, type ModeratorDashboard } from '@bm/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, cx, focusRing, LoadingState } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/api';
import { moderatorDashboardQuery } from './api';
import { MODERATION_TEXT as T } from './constants';

const CARDS: Array<{ key: keyof ModeratorDashboard; to: string | null }> = [
  { key: 'pending', to: '/moderator/pending' },
  { key: 'reported', to: '/moderator/reported' },
  { key: 'reportedCars', to: '/moderator/reported?tab=cars' },
  { key: 'reportedComments', to: '/moderator/reported?tab=comments' },
  { key: 'hidden', to: '/moderator/hidden' },
  { key: 'building', to: '/moderator/pending' },
  { key: 'cars', to: '/moderator/cars' },
  { key: 'hiddenCars', to: '/moderator/cars?status=hidden' },
  { key: 'approvedLast7Days', to: null },
];

export function ModeratorDashboardPage() {
  useDocumentTitle(T.dashboard);
  const q = useQuery(moderatorDashboardQuery());
  return (
    <section aria-labelledby="moderator-dashboard">
      <h2 id="moderator-dashboard" className="mb-4 text-xl font-semibold text-white">
        {T.dashboard}
      </h2>
      {q.isPending ? (
        <LoadingState text={T.loading} className="py-10" />
      ) : q.isError ? (
        <Alert variant="error">{errorText(q.error, T.dashboardFailed)}</Alert>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {CARDS.map(({ key, to }) => (
            <li key={key}>
              <CountCard label={T.counts[key]} count={q.data[key]} to={to} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CountCard({ label, count, to }: { label: string; count: number; to: string | null }) {
  const body = (
    <>
      <span className="block text-3xl font-bold text-white">{exactNumber(count)}</span>
      <span className="mt-1 block text-sm text-slate-300">{label}</span>
    </>
  );
  const box = 'block h-full rounded-xl border border-slate-800 bg-slate-900/70 p-4';
  return to ? (
    <Link to={to} className={cx(box, focusRing, 'hover:border-sky-500/60')}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}
