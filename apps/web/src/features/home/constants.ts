/** The category tiles; their texts are in the home namespace (locales/en/home.ts). */
export const HOME_CATEGORIES = [
  {
    to: '/plugins',
    title: 'categories.plugins.title',
    description: 'categories.plugins.description',
    icon: 'M4 4h5v5H4V4zm7 0h5v5h-5V4zM4 11h5v5H4v-5zm7 2.5a2.5 2.5 0 1 1 5 0 2.5 2.5 0 0 1-5 0z',
  },
  {
    to: '/maps',
    title: 'categories.maps.title',
    description: 'categories.maps.description',
    icon: 'M3 5l4-2 6 2 4-2v12l-4 2-6-2-4 2V5zm4-2v12m6-10v12',
  },
  {
    to: '/tools',
    title: 'categories.tools.title',
    description: 'categories.tools.description',
    icon: 'M13 3a4 4 0 0 0-3.9 4.9L3 14l3 3 6.1-6.1A4 4 0 1 0 13 3z',
  },
  {
    to: '/community',
    title: 'categories.community.title',
    description: 'categories.community.description',
    icon: 'M7 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm6 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM1 17c0-3 3-5 6-5s6 2 6 5H1zm12-5c3 0 6 2 6 5h-4',
  },
] as const;

/** The home page shows the 6 newest plugins and 4 featured ones (§9). */
export const HOME_RECENT_COUNT = 6;
