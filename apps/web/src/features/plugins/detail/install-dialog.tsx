import type { RequiredPlugin } from '@bm/core';
import { Link } from 'react-router';
import { Button, Dialog, cx, focusRing } from '../../../components/ui';
import { BAKKESMOD_URL } from '../../../lib/links';
import { launchInstall } from './counters';
import { usePluginDetailT } from './detail-text';

/** What must be installed first (docs/dependencies.md): each with its own Install, or why it cannot be. */
function RequiredPlugins({ requires }: { requires: RequiredPlugin[] }) {
  const t = usePluginDetailT();
  return (
    <section aria-labelledby="install-requires-title" className="mb-4 rounded-xl border border-amber-500/40 p-3">
      <h3 id="install-requires-title" className="text-sm font-semibold text-amber-200">
        {t('install.requiresTitle')}
      </h3>
      <p className="mb-2 text-xs text-slate-300">{t('install.requiresNote')}</p>
      <ul className="space-y-2" data-testid="install-requires">
        {requires.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <Link
              to={`/plugin/${r.id}`}
              className={cx('rounded text-sky-300 underline underline-offset-2 hover:text-sky-200', focusRing)}
            >
              {r.name}
            </Link>
            {r.installable ? (
              <Button
                variant="outline"
                aria-label={t('install.installNamed', { name: r.name })}
                onClick={() => launchInstall(r.id)}
              >
                {t('install.install')}
              </Button>
            ) : (
              <span className="text-xs text-slate-300">{t('install.notAvailable')}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The install helper (§2): three steps, Try Again re-opens the link, Close closes; first what it requires. */
export function InstallDialog({
  open,
  link,
  requires = [],
  onRetry,
  onClose,
}: {
  open: boolean;
  link: string;
  requires?: RequiredPlugin[];
  onRetry: () => void;
  onClose: () => void;
}) {
  const t = usePluginDetailT();
  const steps = [t('install.step1'), t('install.step2'), t('install.step3')];
  return (
    <Dialog open={open} onClose={onClose} title={t('install.title')} description={t('install.description')} hideClose>
      <div data-testid="install-dialog" data-install-link={link}>
        {requires.length > 0 && <RequiredPlugins requires={requires} />}
        <ol className="mb-4 space-y-3">
          {steps.map((step, i) => (
            <li key={step} className="flex items-start gap-3 text-sm text-slate-200">
              <span
                className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-sky-500 text-xs font-bold text-slate-950"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
        <p className="mb-5 text-sm text-slate-400">
          {t('install.noBakkesMod')}{' '}
          <a
            href={BAKKESMOD_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sky-300 underline underline-offset-2 hover:text-sky-200"
          >
            bakkesmod.com
          </a>
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {t('install.close')}
          </Button>
          <Button onClick={onRetry}>{t('install.tryAgain')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
