import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AdUnit } from '../../components/ad-unit';
import { Button, cx, focusRing } from '../../components/ui';
import { FeedbackButton } from '../../features/feedback';
import { api } from '../../lib/api';
import { useIsAdmin } from '../../lib/auth';
import { APP_VERSION, SITE_NAME } from '../../lib/site';
import { LanguageSwitcher } from './language-switcher';
import { useShellT } from './shell-text';

interface VersionResponse {
  assemblyInformationalVersion: string;
  assemblyFileVersion: string;
}

/** Administrators can ask the server which version it runs. */
function BackendVersion() {
  const t = useShellT();
  const check = useMutation({
    mutationFn: () => api.get<VersionResponse>('/version'),
    meta: { errorShownInPlace: true },
  });
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" variant="outline" onClick={() => check.mutate()} disabled={check.isPending}>
        {check.isPending ? t('footer.checking') : t('footer.checkBackend')}
      </Button>
      <span aria-live="polite" className={check.isError ? 'text-rose-400' : 'text-slate-300'}>
        {check.isError
          ? t('footer.backendError')
          : check.data
            ? t('footer.backend', { version: check.data.assemblyInformationalVersion })
            : null}
      </span>
    </span>
  );
}

export function Footer() {
  const t = useShellT();
  const isAdmin = useIsAdmin();
  const year = new Date().getFullYear();
  const link = cx('inline-flex min-h-6 items-center rounded text-slate-300 hover:text-white', focusRing);
  return (
    <footer className="mt-16 border-t border-slate-800 bg-slate-950">
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        <AdUnit slot="footer" />
        <div className="flex flex-col gap-4 text-sm text-slate-400 md:flex-row md:items-center md:justify-between">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <span>
              © {year} {SITE_NAME}
            </span>
            <span>{t('footer.frontend', { version: APP_VERSION })}</span>
            {isAdmin && <BackendVersion />}
          </div>
          <FeedbackButton className="self-start md:self-auto" />
          <LanguageSwitcher />
          <nav aria-label={t('footer.legal')}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              <li>
                <Link to="/terms" className={link}>
                  {t('footer.terms')}
                </Link>
              </li>
              <li>
                <Link to="/privacy-policy" className={link}>
                  {t('footer.privacy')}
                </Link>
              </li>
              <li>
                <Link to="/acceptable-use-policy" className={link}>
                  {t('footer.acceptableUse')}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
