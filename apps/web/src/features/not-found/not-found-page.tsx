import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useNotFoundT } from './not-found-text';

export function NotFoundPage() {
  const t = useNotFoundT();
  const navigate = useNavigate();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-4xl font-extrabold text-white">{t('notFound.heading')}</h1>
      <p className="mt-4 text-slate-300">{t('notFound.body')}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Button variant="outline" onClick={() => navigate(-1)}>
          {t('notFound.goBack')}
        </Button>
        <ButtonLink to="/">{t('notFound.goHome')}</ButtonLink>
      </div>
      <nav aria-label={t('notFound.suggested')} className="mt-10">
        <p className="text-sm text-slate-400">{t('notFound.suggestions')}</p>
        <ul className="mt-3 flex justify-center gap-6 text-sm font-medium">
          <li>
            <Link className="text-sky-400 hover:text-sky-300" to="/plugins">
              {t('notFound.plugins')}
            </Link>
          </li>
          <li>
            <Link className="text-sky-400 hover:text-sky-300" to="/cars">
              {t('notFound.cars')}
            </Link>
          </li>
          <li>
            <Link className="text-sky-400 hover:text-sky-300" to="/dashboard">
              {t('notFound.dashboard')}
            </Link>
          </li>
        </ul>
      </nav>
    </section>
  );
}

/**
 * A page for something that does not exist (an unknown plugin, car or member): says so plainly,
 * never as a load failure, with ways on. The server answers these URLs 404 too.
 */
export function ItemNotFound({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  const t = useNotFoundT();
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold text-white">{title}</h1>
      <p className="mt-4 break-words text-slate-300">{body}</p>
      <nav aria-label={t('notFound.suggested')} className="mt-8 flex flex-wrap justify-center gap-3">
        {children}
        <ButtonLink to="/" variant="outline">
          {t('notFound.goHome')}
        </ButtonLink>
      </nav>
    </section>
  );
}
