/** The home page (§2 Home); the spec's quoted texts verbatim. */
export default {
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
  categories: {
    plugins: {
      title: 'Plugins',
      description: 'Training tools, overlays and quality-of-life mods for BakkesMod.',
    },
    maps: {
      title: 'Maps',
      description: 'Custom maps and training packs, coming soon.',
    },
    tools: {
      title: 'Tools',
      description: 'Handy tools for players and plugin authors, coming soon.',
    },
    community: {
      title: 'Community',
      description: 'Events, guides and other players, coming soon.',
    },
  },
} as const;
