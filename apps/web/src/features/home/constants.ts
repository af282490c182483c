/** Texts of the home page (§2 Home); the spec's quoted ones verbatim. */
export const HOME_TEXT = {
  heroTitle: 'Plugins and car designs for Rocket League',
  heroIntro:
    'Discover BakkesMod plugins made by the community, share your own, and find custom car designs to import in game.',
  searchLabel: 'Search plugins',
  searchPlaceholder: 'Search plugins...',
  search: 'Search',
  browsePlugins: 'Browse Plugins',
  joinCommunity: 'Join Our Community',
  myDashboard: 'My Dashboard',
  installTitle: 'New to BakkesMod?',
  installText:
    'Plugins run inside BakkesMod, the free mod tool for Rocket League on PC. Install it first, then install any plugin here with one click.',
  getBakkesMod: 'Get BakkesMod',
  newTab: '(opens in a new tab)',
  categoriesTitle: 'Explore',
  featuredTitle: 'Featured Plugins',
  recentTitle: 'Recent Plugins',
  viewAll: 'View All',
  viewAllLabel: 'View all plugins',
  loading: 'Loading Homepage...',
  error: 'Failed to load homepage data. Please try again.',
  retry: 'Retry',
  noPlugins: 'No plugins yet. Check back soon.',
} as const;

export const HOME_CATEGORIES = [
  {
    to: '/plugins',
    title: 'Plugins',
    description: 'Training tools, overlays and quality-of-life mods for BakkesMod.',
    icon: 'M4 4h5v5H4V4zm7 0h5v5h-5V4zM4 11h5v5H4v-5zm7 2.5a2.5 2.5 0 1 1 5 0 2.5 2.5 0 0 1-5 0z',
  },
  {
    to: '/maps',
    title: 'Maps',
    description: 'Custom maps and training packs, coming soon.',
    icon: 'M3 5l4-2 6 2 4-2v12l-4 2-6-2-4 2V5zm4-2v12m6-10v12',
  },
  {
    to: '/tools',
    title: 'Tools',
    description: 'Handy tools for players and plugin authors, coming soon.',
    icon: 'M13 3a4 4 0 0 0-3.9 4.9L3 14l3 3 6.1-6.1A4 4 0 1 0 13 3z',
  },
  {
    to: '/community',
    title: 'Community',
    description: 'Events, guides and other players, coming soon.',
    icon: 'M7 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm6 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM1 17c0-3 3-5 6-5s6 2 6 5H1zm12-5c3 0 6 2 6 5h-4',
  },
] as const;

/** The home page shows the 6 newest plugins and 4 featured ones (§9). */
export const HOME_RECENT_COUNT = 6;
