import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar, ButtonLink, cx, focusRing } from '../../components/ui';
// The hook's own module: the inbox index brings its pages (and the markdown renderer) into every page's first load.
import { useUnreadMailCount } from '../../features/inbox/use-unread-mail-count';
import { openFeedback } from '../../features/feedback';
import { logout, useAuth, useAuthStatus } from '../../lib/auth';
import { loginPathFor } from '../../lib/redirect';
import { SITE_NAME } from '../../lib/site';
import { accountLinks, areaOf, type Area } from './nav-model';
import { SearchBox } from './search-box';
import { useShellT } from './shell-text';
import { UnreadBadge } from './unread-badge';

// Only members have the account menu: it loads once someone is signed in, not for every visitor.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

function Logo() {
  return (
    // Named by its text (WCAG 2.5.3: the name holds what is seen); on phones the text is there for screen readers only.
    <Link to="/" className={cx('flex items-center gap-2 rounded-lg', focusRing)}>
      <span
        aria-hidden="true"
        className="flex h-8 w-8 items-center justify-center rounded-lg bg-gradient-to-br from-sky-400 to-indigo-500 text-sm font-black text-slate-950"
      >
        B
      </span>
      <span className="sr-only text-base font-extrabold tracking-tight text-white sm:not-sr-only">{SITE_NAME}</span>
    </Link>
  );
}

function AreaLink({ to, area, current, children }: { to: string; area: Area; current: Area | null; children: string }) {
  const active = area === current;
  return (
    <Link
      to={to}
      aria-current={active ? 'page' : undefined}
      className={cx(
        'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
        focusRing,
        active ? 'bg-sky-500/15 text-sky-300' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
      )}
    >
      {children}
    </Link>
  );
}

function useSignInPath(): string {
  const { pathname, search } = useLocation();
  return pathname === '/login' ? `/login${search}` : loginPathFor(`${pathname}${search}`);
}

function useSignOut() {
  const navigate = useNavigate();
  return () => {
    void logout().then(() => navigate('/', { replace: true }));
  };
}

function AccountArea() {
  const t = useShellT();
  const auth = useAuth();
  const status = useAuthStatus();
  const unread = useUnreadMailCount();
  const signInPath = useSignInPath();
  const signOut = useSignOut();

  const placeholder = (
    <div role="status" className="flex items-center gap-2">
      <span className="h-8 w-8 animate-pulse rounded-full bg-slate-800" aria-hidden="true" />
      <span className="h-4 w-24 animate-pulse rounded bg-slate-800" aria-hidden="true" />
      <span className="sr-only">{t('nav.loadingAccount')}</span>
    </div>
  );
  if (status === 'initialising') return placeholder;
  if (status === 'authenticated' && auth.member) {
    return (
      <Suspense fallback={placeholder}>
        <UserMenu
          member={auth.member}
          unread={unread}
          links={accountLinks(auth.member.username, auth.roles, unread)}
          onSignOut={signOut}
        />
      </Suspense>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <ButtonLink to="/register" variant="outline" size="sm">
        {t('nav.signUp')}
      </ButtonLink>
      <ButtonLink to={signInPath} size="sm">
        {t('nav.signIn')}
      </ButtonLink>
    </div>
  );
}

/** The phone menu's button: three lines, or a cross while the menu is open. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {open ? <path d="M6 6l12 12M6 18L18 6" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

function MobileMenu({ area }: { area: Area | null }) {
  const t = useShellT();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const auth = useAuth();
  const status = useAuthStatus();
  const unread = useUnreadMailCount();
  const signInPath = useSignInPath();
  const signOut = useSignOut();
  const panelId = useId();
  const [path, setPath] = useState(location.pathname);

  // Following a link closes the menu (adjusted during render).
  if (path !== location.pathname) {
    setPath(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const linkClass = (active: boolean) =>
    cx(
      'block rounded-lg px-3 py-2 text-sm font-medium',
      focusRing,
      active ? 'bg-sky-500/15 text-sky-300' : 'text-slate-200 hover:bg-slate-800',
    );

  return (
    <div className="md:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
        onClick={() => setOpen((o) => !o)}
        className={cx('relative rounded-lg p-2 text-slate-200 hover:bg-slate-800', focusRing)}
      >
        <MenuIcon open={open} />
        {unread > 0 && status === 'authenticated' && (
          <span className="absolute right-1 top-1 h-2.5 w-2.5 rounded-full bg-rose-500" aria-hidden="true" />
        )}
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute inset-x-0 top-16 z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-800 bg-slate-950 px-4 pb-6 pt-3 shadow-2xl"
        >
          <SearchBox area={area} className="mb-3" onDone={() => setOpen(false)} />
          <nav aria-label={t('nav.mainMobile')}>
            <ul className="space-y-1">
              <li>
                <Link
                  to="/plugins"
                  aria-current={area === 'plugins' ? 'page' : undefined}
                  className={linkClass(area === 'plugins')}
                >
                  {t('nav.plugins')}
                </Link>
              </li>
              <li>
                <Link
                  to="/cars"
                  aria-current={area === 'cars' ? 'page' : undefined}
                  className={linkClass(area === 'cars')}
                >
                  {t('nav.cars')}
                </Link>
              </li>
            </ul>
          </nav>
          <div className="my-3 h-px bg-slate-800" />
          {status === 'initialising' && (
            <div className="h-10 animate-pulse rounded-lg bg-slate-800" role="status">
              <span className="sr-only">{t('nav.loadingAccount')}</span>
            </div>
          )}
          {status === 'authenticated' && auth.member && (
            <>
              <div className="mb-2 flex items-center gap-3 px-3">
                <Avatar url={auth.member.avatarUrl} name={auth.member.username} />
                <span className="font-semibold text-white">{auth.member.username}</span>
              </div>
              <ul className="space-y-1">
                {accountLinks(auth.member.username, auth.roles, unread).map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className={linkClass(false)}>
                      <span className="flex items-center justify-between">
                        {l.label}
                        {l.badge ? <UnreadBadge count={l.badge} /> : null}
                      </span>
                    </Link>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    onClick={() => {
                      setOpen(false);
                      openFeedback();
                    }}
                    className={cx(linkClass(false), 'w-full text-left')}
                  >
                    {t('nav.feedback')}
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    onClick={signOut}
                    className={cx(linkClass(false), 'w-full text-left text-rose-300')}
                  >
                    {t('nav.signOut')}
                  </button>
                </li>
              </ul>
            </>
          )}
          {status === 'anonymous' && (
            <div className="grid grid-cols-2 gap-2">
              <ButtonLink to="/register" variant="outline">
                {t('nav.signUp')}
              </ButtonLink>
              <ButtonLink to={signInPath}>{t('nav.signIn')}</ButtonLink>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

export function TopBar() {
  const t = useShellT();
  const { pathname } = useLocation();
  const area = areaOf(pathname);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-800/80 bg-slate-950/90 backdrop-blur">
      <a
        href="#main"
        className="sr-only rounded bg-sky-500 px-3 py-2 text-slate-950 focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        {t('nav.skip')}
      </a>
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Logo />
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          <AreaLink to="/plugins" area="plugins" current={area}>
            {t('nav.plugins')}
          </AreaLink>
          <AreaLink to="/cars" area="cars" current={area}>
            {t('nav.cars')}
          </AreaLink>
        </nav>
        <SearchBox area={area} className="hidden max-w-md flex-1 md:flex" />
        <div className="ml-auto hidden md:block">
          <AccountArea />
        </div>
        <div className="ml-auto md:hidden">
          <MobileMenu area={area} />
        </div>
      </div>
    </header>
  );
}
