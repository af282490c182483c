import type { ModeratorDashboard } from '@bm/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, cx, focusRing, LoadingState } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/api';
import { exactNumber } from '../../lib/format';
import { moderatorDashboardQuery } from './api';
import { moderationMessage, useModerationT } from './moderation-text';

const CARDS = [
  { key: 'pending', label: 'dashboard.counts.pending', to: '/moderator/pending' },
  { key: 'reported', label: 'dashboard.counts.reported', to: '/moderator/reported' },
  { key: 'reportedCars', label: 'dashboard.counts.reportedCars', to: '/moderator/reported?tab=cars' },
  { key: 'reportedComments', label: 'dashboard.counts.reportedComments', to: '/moderator/reported?tab=comments' },
  { key: 'hidden', label: 'dashboard.counts.hidden', to: '/moderator/hidden' },
  { key: 'building', label: 'dashboard.counts.building', to: '/moderator/pending' },
  { key: 'cars', label: 'dashboard.counts.cars', to: '/moderator/cars' },
  { key: 'hiddenCars', label: 'dashboard.counts.hiddenCars', to: '/moderator/cars?status=hidden' },
  { key: 'approvedLast7Days', label: 'dashboard.counts.approvedLast7Days', to: null },
] as const satisfies ReadonlyArray<{ key: keyof ModeratorDashboard; label: string; to: string | null }>;

export function ModeratorDashboardPage() {
  const t = useModerationT();
  useDocumentTitle(t('dashboard.title'));
  const q = useQuery(moderatorDashboardQuery());
  return (
    <section aria-labelledby="moderator-dashboard">
      <h2 id="moderator-dashboard" className="mb-4 text-xl font-semibold text-white">
        {t('dashboard.title')}
      </h2>
      {q.isPending ? (
        <LoadingState text={t('list.loading')} className="py-10" />
      ) : q.isError ? (
        <Alert variant="error">{moderationMessage(t, errorText(q.error, t('dashboard.failed')))}</Alert>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {CARDS.map(({ key, label, to }) => (
            <li key={key}>
              <CountCard label={t(label)} count={q.data[key]} to={to} />
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
