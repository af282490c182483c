import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/ui';
// Straight from its module, not the feature's index, so the plugin pages stay in their lazy chunk.
import { useOwnPluginBuildToasts } from '../../features/plugins/manage/build-toasts';
import { useServerDeployedToasts } from '../realtime-events';
import { Footer } from './footer';
import { ImpersonationBanner } from './impersonation-banner';
import { MemberLoadError } from './member-load-error';
import { ScrollToTop } from './scroll-to-top';
import { TopBar } from './top-bar';

/** The shell around every page: top bar, page, footer (which holds the feedback entry). */
export function RootLayout() {
  useServerDeployedToasts();
  useOwnPluginBuildToasts();
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <ImpersonationBanner />
      <MemberLoadError />
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
