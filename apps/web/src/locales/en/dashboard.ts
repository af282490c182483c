import { FOLLOW_TEXT, PLUGIN_MESSAGES } from '@bm/core';

/**
 * The dashboard (/dashboard and its tabs): the overview, the own plugin and car grids with their
 * cards, sort, delete and stats dialogs, and the Following tab (core's FOLLOW_TEXT). The create-plugin
 * form it opens is pluginCreate's.
 */
export default {
  title: 'Dashboard',
  /** A tab or heading with its count: 'My Plugins (4)', 'Plugins you follow (2)'. */
  withCount: '{label} ({n})',
  createPlugin: 'Create Plugin',
  uploadCar: 'Upload Car',
  tabs: {
    nav: 'Dashboard sections',
    overview: 'Overview',
    myPlugins: 'My Plugins',
    myCars: 'My Cars',
    following: FOLLOW_TEXT.tab,
    collections: 'Collections',
    settings: 'Settings',
  },
  overview: {
    stats: 'Your numbers',
    loading: 'Loading',
    totalPlugins: 'Total Plugins',
    published: 'Published',
    totalCars: 'Total Cars',
    downloads: 'Downloads',
    recentPlugins: 'Recent Plugins',
    recentCars: 'Recent Cars',
    /** The link's visible text; its name is viewAllPlugins or viewAllCars, which hold it. */
    viewAll: 'View all {n}',
    viewAllPlugins_one: 'View all {count} plugins',
    viewAllPlugins_other: 'View all {count} plugins',
    viewAllCars_one: 'View all {count} cars',
    viewAllCars_other: 'View all {count} cars',
  },
  grid: {
    loadingPlugins: 'Loading your plugins...',
    loadingCars: 'Loading your cars...',
    pluginsFailed: 'Failed to load your plugins.',
    carsFailed: 'Failed to load your cars.',
    retry: 'Retry',
    noPlugins: 'You have not created any plugins yet.',
    noPluginsHint: 'Create your first plugin, upload its source, and it goes to review.',
    createFirstPlugin: 'Create your first plugin',
    noCars: 'You have not uploaded any cars yet.',
    noCarsHint: 'Share a car design: paste its code from BakkesMod and give it a name.',
    uploadFirstCar: 'Upload your first car',
    pinFailed: PLUGIN_MESSAGES.pinFailed,
  },
  sort: {
    by: 'Sort by',
    name: 'Name',
    updated: 'Last Updated',
    downloads: 'Downloads',
    copies: 'Copies',
    views: 'Views',
    direction: 'Direction',
    ascending: 'Ascending',
    descending: 'Descending',
  },
  badge: {
    listed: 'Listed',
    unlisted: 'Unlisted',
    visible: 'Visible',
    hidden: 'Hidden',
    active: 'Active',
    inactive: 'Inactive',
    pinned: 'Pinned',
    /** Core's pluginDisplayStatus. */
    status: { Published: 'Published', Pending: 'Pending', Draft: 'Draft' },
  },
  /**
   * A card's counts and the stats summary's parts: {shown} is the number as the place writes it (compact
   * on a card, '41.7k'; exact in the summary); the form follows {count}.
   */
  counts: {
    downloads_one: '{shown} downloads',
    downloads_other: '{shown} downloads',
    copies_one: '{shown} copies',
    copies_other: '{shown} copies',
    views_one: '{shown} views',
    views_other: '{shown} views',
  },
  card: {
    updated: 'Updated',
    manage: 'Manage',
    edit: 'Edit',
    pin: 'Pin',
    unpin: 'Unpin',
    stats: 'Stats',
    delete: 'Delete',
  },
  delete: {
    cancel: 'Cancel',
    deleting: 'Deleting...',
    confirm: 'Delete',
    pluginTitle: 'Delete plugin?',
    pluginBody: '"{name}" and everything uploaded for it will be deleted. This cannot be undone.',
    pluginDone: 'Plugin deleted',
    pluginFailed: PLUGIN_MESSAGES.deleteFailed,
    carTitle: 'Delete car?',
    carBody: '"{name}" will be deleted. This cannot be undone.',
    carDone: 'Car deleted',
    carFailed: 'Failed to delete car',
  },
  stats: {
    title: 'Stats for {name}',
    range: 'Range',
    days_one: '{count} days',
    days_other: '{count} days',
    chartPlugin_one: 'Line chart of daily downloads and views over the last {count} days',
    chartPlugin_other: 'Line chart of daily downloads and views over the last {count} days',
    chartCar_one: 'Line chart of daily copies and views over the last {count} days',
    chartCar_other: 'Line chart of daily copies and views over the last {count} days',
    /** The chart's summary: '{period}: {counted} and {views}.'; the counts are the 'counts' group's. */
    summary: '{period}: {counted} and {views}.',
    period_one: 'Last {count} days',
    period_other: 'Last {count} days',
    /** A legend entry: the series' name and its axis. */
    leftAxis: '{series} (left axis)',
    rightAxis: '{series} (right axis)',
    loading: 'Loading stats...',
    failed: 'Failed to load stats.',
    retry: 'Retry',
    close: 'Close',
  },
  following: {
    title: FOLLOW_TEXT.title,
    loading: FOLLOW_TEXT.loading,
    loadFailed: FOLLOW_TEXT.loadFailed,
    pluginsHeading: FOLLOW_TEXT.pluginsHeading,
    membersHeading: FOLLOW_TEXT.membersHeading,
    noPlugins: FOLLOW_TEXT.noPlugins,
    noMembers: FOLLOW_TEXT.noMembers,
    unfollow: FOLLOW_TEXT.unfollow,
    /** Core's FOLLOW_TEXT.unfollowLabel. */
    unfollowLabel: 'Unfollow {name}',
    unfollowFailed: FOLLOW_TEXT.unfollowFailed,
    /** Core's FOLLOW_TEXT.followerCount. */
    followers_one: '{count} follower',
    followers_other: '{count} followers',
  },
} as const;
