// The Atom feeds (docs/feeds.md): where they are and what they are called, for the server that
// writes them and links them from page heads, and the web app that links them too.

export const FEED_PATHS = {
  site: '/feeds/plugins.atom',
  plugin: (id: number) => `/feeds/plugins/${id}.atom`,
  member: (username: string) => `/feeds/members/${encodeURIComponent(username)}.atom`,
};

export const FEED_TITLES = {
  site: 'BakkesMod Community: new plugin versions',
  plugin: (name: string) => `${name}: versions`,
  member: (username: string) => `${username}: plugins and versions`,
};
