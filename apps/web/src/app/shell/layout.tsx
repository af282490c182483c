import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { useServerDeployedToasts } from '../realtime-events';
import { Footer } from './footer';
import { ScrollToTop } from './scroll-to-top';
import { TopBar } from './top-bar';

// Loaded when they have something to do: a session is held (its socket connects at once, and build
// events may come before the member loads) / the member failed to load.
const MemberParts = lazy(() => import('./member-parts').then((m) => ({ default: m.MemberParts })));
const MemberLoadError = lazy(() => import('./member-load-error').then((m) => ({ default: m.MemberLoadError })));

/** The shell around every page: top bar, page, footer (which holds the feedback entry). */
export function RootLayout() {
  useServerDeployedToasts();
  const { token, member, memberError } = useAuth();
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <Suspense fallback={null}>
        {token && <MemberParts />}
        {memberError && !member && <MemberLoadError />}
      </Suspense>
      <TopBar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* A screen tall while the page's chunk loads: the footer waits below the fold instead of
            showing and then jumping down when the page arrives (layout shift). */}
        <Suspense
          fallback={
            <div className="min-h-screen">
              <PageLoader />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
