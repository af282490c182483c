import { plural } from '@bm/core';

/** Texts of the compatibility badge, the plugin page's panel, the filter and the author's declaration. */
export const COMPATIBILITY_TEXT = {
  heading: 'Game compatibility',
  counts: (works: number, broken: number) =>
    `${works} ${plural(works, 'member reports', 'members report')} it works, ${broken} ${plural(broken, 'reports', 'report')} it broken`,
  declared: 'The author says it works with this version.',
  rebuildPassed: 'Rebuilt from its source for this version: passed.',
  rebuildFailed: 'Rebuilt from its source for this version: failed.',
  rebuildLog: 'Build log',
  ask: (name: string) => `Does it work for you on ${name}?`,
  works: 'Works',
  broken: 'Broken',
  withdraw: 'Withdraw my report',
  myReport: (works: boolean) => (works ? 'You reported that it works.' : 'You reported that it is broken.'),
  signIn: 'Sign in to report whether it works for you.',
  ownPlugin: 'Players report here; declare the versions it works with on its manage page.',
  noVersion: 'No game version is known yet.',
  reportFailed: 'Your report could not be saved. Please try again.',
  filterLegend: 'Game version',
  filterLabel: 'Works with the current game version',
  declareTitle: 'Game versions',
  declareIntro: 'The game versions your live version works with. Players see it on the plugin page.',
  declareNoLive: 'Publish a version first: the declaration belongs to the live version.',
  declareSave: 'Save game versions',
  declareSaved: 'Game versions saved',
  current: '(current)',
  uploadLegend: 'Works with these game versions',
  uploadHint: 'The current game version is checked for you.',
} as const;
