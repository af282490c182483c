import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '../../components/ui';
import { reportError } from '../../lib/error-reporting';

export const ROUTE_ERROR_TEXT = {
  title: 'Something went wrong',
  body: 'This page could not be shown. Reloading usually helps.',
  reload: 'Reload Page',
  home: 'Go Home',
} as const;

/** Error screen for a route that failed to render or load. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
    console.error(error);
  }, [error]);
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-white">{ROUTE_ERROR_TEXT.title}</h1>
      <p className="mt-3 text-slate-300">{ROUTE_ERROR_TEXT.body}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{ROUTE_ERROR_TEXT.reload}</Button>
        <ButtonLink to="/" variant="outline" reloadDocument>
          {ROUTE_ERROR_TEXT.home}
        </ButtonLink>
      </div>
    </section>
  );
}
