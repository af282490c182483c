import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';

export const NOT_FOUND_TEXT = {
  heading: '404 Page Not Found',
  body: "The page you're looking for doesn't exist or has moved.",
  goBack: 'Go Back',
  goHome: 'Go Home',
  suggestions: 'Or try one of these:',
} as const;

export function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle('Page Not Found');
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-4xl font-extrabold text-white">{NOT_FOUND_TEXT.heading}</h1>
      <p className="mt-4 text-slate-300">{NOT_FOUND_TEXT.body}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Button variant="outline" onClick={() => navigate(-1)}>
          {NOT_FOUND_TEXT.goBack}
        </Button>
        <ButtonLink to="/">{NOT_FOUND_TEXT.goHome}</ButtonLink>
      </div>
      <nav aria-label="Suggested pages" className="mt-10">
        <p className="text-sm text-slate-400">{NOT_FOUND_TEXT.suggestions}</p>
        <ul className="mt-3 flex justify-center gap-6 text-sm font-medium">
          <li>
            <Link className="text-sky-400 hover:text-sky-300" to="/plugins">
              Plugins
            </Link>
          </li>
          <li>
            <Link className="text-sky-400 hover:text-sky-300" to="/cars">
              Cars
            </Link>
          </li>
          <li>
            <Link className="text-sky-400 hover:text-sky-300" to="/dashboard">
              Dashboard
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
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold text-white">{title}</h1>
      <p className="mt-4 break-words text-slate-300">{body}</p>
      <nav aria-label="Suggested pages" className="mt-8 flex flex-wrap justify-center gap-3">
        {children}
        <ButtonLink to="/" variant="outline">
          {NOT_FOUND_TEXT.goHome}
        </ButtonLink>
      </nav>
    </section>
  );
}
