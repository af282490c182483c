import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button, ButtonLink } from '../../components/ui';
import { reportError } from '../../lib/error-reporting';

import { useShellT } from './shell-text';

/** Error screen for a route that failed to render or load. */
export function RouteError({ error }: { error: unknown }) {
  const t = useShellT();
  useEffect(() => {
    reportError(error);
    console.error(error);
  }, [error]);
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-white">{t('routeError.title')}</h1>
      <p className="mt-3 text-slate-300">{t('routeError.body')}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        <ButtonLink to="/" variant="outline" reloadDocument>
          {t('routeError.home')}
        </ButtonLink>
      </div>
    </section>
  );
}

interface BoundaryState {
  error: unknown;
  path: string;
}

class Boundary extends Component<{ path: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, path: this.props.path };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  /** Going to another page clears the error, as the router's own error elements do. */
  static getDerivedStateFromProps(props: { path: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.path !== state.path ? { error: null, path: props.path } : null;
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * The error screen around a part of the route table: a page that throws while rendering (or whose
 * chunk cannot be loaded) shows it in its place, and the next navigation tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary path={pathname}>{children}</Boundary>;
}
