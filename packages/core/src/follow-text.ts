/** Texts of the follow buttons and the dashboard's Following tab (tests import what the screen shows). */
export const FOLLOW_TEXT = {
  follow: 'Follow',
  following: 'Following',
  /** The follow button's name: what it shows, with what it follows and the count in words. */
  buttonName: (following: boolean, name: string, n: number) =>
    `${following ? 'Following' : 'Follow'} ${name}, ${n} ${n === 1 ? 'follower' : 'followers'}`,
  followers: (n: number) => (n === 1 ? 'follower' : 'followers'),
  followFailed: 'Could not follow. Try again.',
  unfollowFailed: 'Could not unfollow. Try again.',
  joinTitle: 'Join to follow',
  joinDescription: 'Members can follow plugins and authors and hear of new versions in their inbox.',
  // The dashboard's Following tab
  tab: 'Following',
  title: 'Following',
  pluginsHeading: 'Plugins you follow',
  membersHeading: 'Members you follow',
  noPlugins: 'You follow no plugins yet. Open a plugin and press Follow to hear of its new versions.',
  noMembers: 'You follow no members yet. Follow an author on their profile to hear of their new plugins.',
  unfollow: 'Unfollow',
  unfollowLabel: (name: string) => `Unfollow ${name}`,
  loading: 'Loading what you follow...',
  loadFailed: 'Failed to load what you follow.',
  retry: 'Retry',
  followerCount: (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`,
} as const;
