import { Link } from 'react-router';
import { Card, cx, focusRing } from '../../components/ui';
import { useAdminLinks } from './admin-layout';
import { useAdminT } from './admin-text';
import { AdminSection } from './shared';

export function AdminHomePage() {
  const t = useAdminT();
  const links = useAdminLinks();
  return (
    <AdminSection title={t('home.title')} intro={t('home.intro')}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={cx('block h-full rounded-2xl', focusRing)}>
              <Card className="h-full transition-colors hover:border-sky-500/60">
                <h3 className="font-semibold text-white">{l.label}</h3>
                <p className="mt-1 text-sm text-slate-400">{l.description}</p>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </AdminSection>
  );
}
