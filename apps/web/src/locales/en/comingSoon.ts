/** The coming-soon pages (/maps, /tools, /community) and their 'Notify me'. */
export default {
  heading: 'Coming Soon',
  sections: {
    maps: { title: 'Maps', blurb: 'Custom maps and training packs for Rocket League are on their way.' },
    tools: { title: 'Tools', blurb: 'Handy tools for players and plugin authors are on their way.' },
    community: { title: 'Community', blurb: 'Events, guides and a place to meet other players are on their way.' },
  },
  browsePlugins: 'Browse Plugins',
  goHome: 'Go Home',
  notify: {
    notifyMe: 'Notify me',
    subscribed: 'Subscribed - Unsubscribe',
    subscribedToast: "We'll let you know when it launches.",
    failed: 'Something went wrong. Please try again.',
    joinTitle: 'Get notified',
    joinDescription: 'Create a free account to hear when this launches.',
  },
} as const;
