import type { ComponentType } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { useConfig } from '../lib/config';
import { GuestOnly, RequireAuth, RequireStaff } from './guards';
import { lazyPage } from './lazy';
import { CarAliasRedirect, PluginAliasRedirect } from './redirects';
import { RootLayout } from './shell/layout';
import { RouteErrorBoundary } from './shell/route-error';

// Every page is its feature's chunk, loaded on first visit (reloads once if a chunk is gone).
const auth = () => import('../features/auth');
const LoginPage = lazyPage(() => auth().then((m) => m.LoginPage));
const RegisterPage = lazyPage(() => auth().then((m) => m.RegisterPage));
const RegistrationSuccessPage = lazyPage(() => auth().then((m) => m.RegistrationSuccessPage));
const ForgotPasswordPage = lazyPage(() => auth().then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyPage(() => auth().then((m) => m.ResetPasswordPage));
const VerifyEmailPage = lazyPage(() => auth().then((m) => m.VerifyEmailPage));
const VerifyEmailChangePage = lazyPage(() => auth().then((m) => m.VerifyEmailChangePage));
const OAuthCompletePage = lazyPage(() => auth().then((m) => m.OAuthCompletePage));

// The not-found page is a page like the others: a lazy chunk.
const NotFoundPage = lazyPage(() => import('../features/not-found').then((m) => m.NotFoundPage));

const HomePage = lazyPage(() => import('../features/home').then((m) => m.HomePage));

// One chunk per page: the list does not carry the detail page's markdown renderer, nor the forms.
const PluginsPage = lazyPage(() => import('../features/plugins/list/plugins-page').then((m) => m.PluginsPage));
const PluginDetailPage = lazyPage(() =>
  import('../features/plugins/detail/plugin-detail-page').then((m) => m.PluginDetailPage),
);
const PluginCreatePage = lazyPage(() =>
  import('../features/plugins/create/create-plugin-page').then((m) => m.PluginCreatePage),
);
const PluginManagePage = lazyPage(() =>
  import('../features/plugins/manage/manage-page').then((m) => m.PluginManagePage),
);

const CarsPage = lazyPage(() => import('../features/cars/cars-page').then((m) => m.CarsPage));
const CarDetailPage = lazyPage(() => import('../features/cars/car-detail-page').then((m) => m.CarDetailPage));
const CarUploadPage = lazyPage(() => import('../features/cars/car-upload-page').then((m) => m.CarUploadPage));
const CarEditPage = lazyPage(() => import('../features/cars/car-edit-page').then((m) => m.CarEditPage));

const members = () => import('../features/members');
const MemberProfilePage = lazyPage(() => members().then((m) => m.MemberProfilePage));
const ProfileEditPage = lazyPage(() => members().then((m) => m.ProfileEditPage));

const dashboard = () => import('../features/dashboard');
const DashboardPage = lazyPage(() => dashboard().then((m) => m.DashboardPage));
const DashboardPluginsPage = lazyPage(() => dashboard().then((m) => m.DashboardPluginsPage));
const DashboardCarsPage = lazyPage(() => dashboard().then((m) => m.DashboardCarsPage));
const DashboardFollowingPage = lazyPage(() => dashboard().then((m) => m.DashboardFollowingPage));
const DashboardCollectionsPage = lazyPage(() => dashboard().then((m) => m.DashboardCollectionsPage));

const collections = () => import('../features/collections/pages');
const CollectionsPage = lazyPage(() => collections().then((m) => m.CollectionsPage));
const CollectionDetailPage = lazyPage(() => collections().then((m) => m.CollectionDetailPage));

const SettingsPage = lazyPage(() => import('../features/settings').then((m) => m.SettingsPage));

// The pages module, not the index: the top bar imports the index for the unread count, and the pages
// (with the markdown renderer) would otherwise ride along in the first-page script.
const inbox = () => import('../features/inbox/pages');
const InboxPage = lazyPage(() => inbox().then((m) => m.InboxPage));
const HiddenInboxPage = lazyPage(() => inbox().then((m) => m.HiddenInboxPage));
const MailDetailPage = lazyPage(() => inbox().then((m) => m.MailDetailPage));

const moderation = () => import('../features/moderation');
const ModeratorLayout = lazyPage(() => moderation().then((m) => m.ModeratorLayout));
const ModeratorDashboardPage = lazyPage(() => moderation().then((m) => m.ModeratorDashboardPage));
const PendingPluginsPage = lazyPage(() => moderation().then((m) => m.PendingPluginsPage));
const PluginReviewPage = lazyPage(() => moderation().then((m) => m.PluginReviewPage));
const ReportedPluginsPage = lazyPage(() => moderation().then((m) => m.ReportedPluginsPage));
const HiddenPluginsPage = lazyPage(() => moderation().then((m) => m.HiddenPluginsPage));
const ModeratorCarsPage = lazyPage(() => moderation().then((m) => m.ModeratorCarsPage));

const admin = () => import('../features/admin');
const AdminLayout = lazyPage(() => admin().then((m) => m.AdminLayout));
const AdminHomePage = lazyPage(() => admin().then((m) => m.AdminHomePage));
const ConnectionsPage = lazyPage(() => admin().then((m) => m.ConnectionsPage));
const WebhooksPage = lazyPage(() => admin().then((m) => m.WebhooksPage));
const FeedbackListPage = lazyPage(() => admin().then((m) => m.FeedbackListPage));
const FeedbackDetailPage = lazyPage(() => admin().then((m) => m.FeedbackDetailPage));
const AdminMembersPage = lazyPage(() => admin().then((m) => m.AdminMembersPage));
const FeatureSubscribersPage = lazyPage(() => admin().then((m) => m.FeatureSubscribersPage));
const UpcomingFeaturesPage = lazyPage(() => admin().then((m) => m.UpcomingFeaturesPage));
const GameVersionsPage = lazyPage(() => admin().then((m) => m.GameVersionsPage));
const ProductUpdatePage = lazyPage(() => admin().then((m) => m.ProductUpdatePage));

const comingSoon = () => import('../features/coming-soon');
const MapsPage = lazyPage(() => comingSoon().then((m) => m.MapsPage));
const ToolsPage = lazyPage(() => comingSoon().then((m) => m.ToolsPage));
const CommunityPage = lazyPage(() => comingSoon().then((m) => m.CommunityPage));

/** Legal pages get the runtime support address through their own context. */
const legal = () => import('../features/legal');
function legalPage(pick: (m: Awaited<ReturnType<typeof legal>>) => ComponentType) {
  return lazyPage(() =>
    legal().then((m) => {
      const Page = pick(m);
      return function LegalWithSupport() {
        const { supportEmail } = useConfig();
        return (
          <m.SupportEmailContext.Provider value={supportEmail}>
            <Page />
          </m.SupportEmailContext.Provider>
        );
      };
    }),
  );
}
const TermsPage = legalPage((m) => m.TermsPage);
const PrivacyPolicyPage = legalPage((m) => m.PrivacyPolicyPage);
const AcceptableUsePolicyPage = legalPage((m) => m.AcceptableUsePolicyPage);

/**
 * The route table of both spec documents. Each level's error screen is a boundary element (the
 * declarative router has no errorElement): one around the shell, one around the page inside it.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <HomePage /> },

          // Plugins
          { path: 'plugins', element: <PluginsPage /> },
          { path: 'plugin/:id', element: <PluginDetailPage /> },
          { path: 'plugins/view/:id', element: <PluginAliasRedirect /> },
          { path: 'plugins/:id', element: <PluginAliasRedirect numericOnly /> },
          { path: 'plugin-search/:page?', element: <Navigate to="/plugins" replace /> },

          // Cars
          { path: 'cars', element: <CarsPage /> },
          { path: 'cars/:id', element: <CarDetailPage /> },
          { path: 'car', element: <Navigate to="/cars" replace /> },
          { path: 'car/*', element: <CarAliasRedirect /> },
          { path: 'car-search/:page?', element: <Navigate to="/cars" replace /> },

          // Members and open account pages
          { path: 'members/:username', element: <MemberProfilePage /> },
          { path: 'collections', element: <CollectionsPage /> },
          { path: 'collections/:id', element: <CollectionDetailPage /> },
          { path: 'registration-success', element: <RegistrationSuccessPage /> },
          { path: 'verify-email', element: <VerifyEmailPage /> },
          { path: 'verify-email-change', element: <VerifyEmailChangePage /> },

          // Coming soon and legal
          { path: 'maps', element: <MapsPage /> },
          { path: 'tools', element: <ToolsPage /> },
          { path: 'community', element: <CommunityPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
          { path: 'acceptable-use-policy', element: <AcceptableUsePolicyPage /> },

          // Where a provider sign-in or link ends: guests sign in, members link.
          { path: 'auth/oauth/complete', element: <OAuthCompletePage /> },

          // Guests only
          {
            element: <GuestOnly fallback="/dashboard" />,
            children: [
              { path: 'login', element: <LoginPage /> },
              { path: 'register', element: <RegisterPage /> },
            ],
          },
          {
            element: <GuestOnly fallback="/" />,
            children: [
              { path: 'forgot-password', element: <ForgotPasswordPage /> },
              { path: 'reset-password', element: <ResetPasswordPage /> },
            ],
          },

          // Signed in
          {
            element: <RequireAuth />,
            children: [
              { path: 'settings/profile', element: <ProfileEditPage /> },
              { path: 'cars/upload', element: <CarUploadPage /> },
              { path: 'cars/:id/edit', element: <CarEditPage /> },
              { path: 'plugins/new', element: <PluginCreatePage /> },
              { path: 'plugins/:id/manage', element: <PluginManagePage /> },
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'dashboard/plugins', element: <DashboardPluginsPage /> },
              { path: 'dashboard/cars', element: <DashboardCarsPage /> },
              { path: 'dashboard/following', element: <DashboardFollowingPage /> },
              { path: 'dashboard/collections', element: <DashboardCollectionsPage /> },
              { path: 'dashboard/settings', element: <Navigate to="/account/settings" replace /> },
              { path: 'account/settings', element: <Navigate to="/account/settings/account" replace /> },
              { path: 'account/settings/:section', element: <SettingsPage /> },
              { path: 'account/settings/:section/*', element: <Navigate to="/account/settings/account" replace /> },
              { path: 'mail', element: <InboxPage /> },
              { path: 'mail/hidden', element: <HiddenInboxPage /> },
              { path: 'mail/:id', element: <MailDetailPage /> },
              {
                path: 'moderator',
                element: <ModeratorLayout />,
                children: [
                  { index: true, element: <ModeratorDashboardPage /> },
                  { path: 'dashboard', element: <ModeratorDashboardPage /> },
                  { path: 'pending', element: <PendingPluginsPage /> },
                  { path: 'pending/:id', element: <PluginReviewPage /> },
                  { path: 'reported', element: <ReportedPluginsPage /> },
                  { path: 'hidden', element: <HiddenPluginsPage /> },
                  { path: 'cars', element: <ModeratorCarsPage /> },
                  { path: 'plugins', element: <Navigate to="/moderator/pending" replace /> },
                ],
              },
            ],
          },

          // Administrators and moderators
          {
            element: <RequireStaff />,
            children: [
              {
                path: 'admin',
                element: <AdminLayout />,
                children: [
                  { index: true, element: <AdminHomePage /> },
                  { path: 'connections', element: <ConnectionsPage /> },
                  { path: 'webhooks', element: <WebhooksPage /> },
                  { path: 'feedback', element: <FeedbackListPage /> },
                  { path: 'feedback/:id', element: <FeedbackDetailPage /> },
                  { path: 'members', element: <AdminMembersPage /> },
                  { path: 'feature-subscribers', element: <FeatureSubscribersPage /> },
                  { path: 'features', element: <UpcomingFeaturesPage /> },
                  { path: 'game-versions', element: <GameVersionsPage /> },
                  { path: 'product-update', element: <ProductUpdatePage /> },
                ],
              },
            ],
          },

          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The route table rendered by the declarative router (inside a BrowserRouter or, in tests, a
 * MemoryRouter). The app has no loaders or actions, so it uses this form: the data router
 * (createBrowserRouter) carries about 16 KB gzip of code for them into the first page.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
