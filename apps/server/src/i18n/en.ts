/**
 * The server's English texts: mails, inbox notices and the page heads it writes (docs/i18n.md,
 * "Server"). English is the source, verbatim; fr, de, es and pt-BR are JSON beside it, kept complete
 * by catalogues.test.ts. Placeholders are `{name}`. Texts written by people (plugin and car names,
 * reasons, notes, comments, logs) are never in here: they go out as written.
 */
export default {
  mail: {
    hi: 'Hi {username},',
    orOpen: 'Or open this link:',
    verify: {
      subject: 'Verify your email address',
      title: 'Welcome, {username}!',
      confirm: 'Please confirm your email address to finish setting up your account.',
      expiry: 'The link works once and expires in 7 days.',
      action: 'Verify Email',
    },
    reset: {
      subject: 'Reset your password',
      asked:
        'Someone asked to reset the password of your account. If it was you, choose a new password with the link below.',
      expiry: 'The link works once and expires in 24 hours. If you did not ask for this, you can ignore this message.',
      action: 'Reset Password',
    },
    emailChange: {
      subject: 'Confirm your new email address',
      confirm:
        'Please confirm that this is the new email address of your account. Your old address stays active until you do.',
      expiry: 'The link works once and expires in 24 hours.',
      action: 'Confirm New Email',
    },
    emailChangeNotice: {
      subject: 'A change of your email address was requested',
      requested:
        "A change of your account's email address to {newEmail} was requested. This address stays active until the new one is confirmed.",
      notYou: 'If this was not you, change your password right away and contact support.',
    },
  },
  notice: {
    open: 'Open',
    unsubscribe: 'Unsubscribe',
    whyProductUpdates: 'You get this email because you asked for product updates',
    whyInbox: 'You get this email because inbox notifications are on in your settings',
    moderatorNote: 'Note from the moderator:',
    buildLogEnd: 'The end of the build log:',
    newSignIn: {
      subject: 'New sign-in to your account',
      body: 'Someone signed in to your account with {what}.',
      bodyFrom: 'Someone signed in to your account with {what} from the network {network}.',
      browserOnDevice: '{browser} on {device}',
      advice:
        'If this was you, there is nothing to do. If not, end that session under Settings → Security, change your password and turn on two-factor authentication.',
    },
    pluginApproved: {
      subject: '{name}{version} was approved',
      body: 'Your plugin **{name}**{version} was approved and is now live. Players can install it from the site and the in-game plugin manager.',
    },
    pluginDenied: {
      subject: '{name}{version} was not approved',
      body: 'A moderator did not approve **{name}**{version}. The reason:',
      upload: "You can upload a corrected source from the plugin's manage page.",
    },
    buildFailed: {
      failed: 'Build failed',
      timedOut: 'Build timed out',
      subject: '{reason}: {plugin}',
      body: 'The build of **{plugin}** did not succeed ({reason}), so it cannot be reviewed.',
      fix: "Fix the problem and upload the source again from the plugin's manage page.",
    },
    rebuildFailed: {
      subject: 'Rebuild failed: {name} for {game}',
      body: 'The site rebuilt **{name}** from its source for game version {game}, and the build failed. Your published version is unchanged.',
      wholeLog: 'The whole log',
    },
    pluginComment: {
      subject: 'New comment on {name}',
      body: '**{commenter}** commented on **{name}**:',
    },
    follow: {
      whatsNew: "What's new:",
      newPluginSubject: '{author} published a new plugin: {name}',
      newPluginBody: '**{author}**, whom you follow, published a new plugin: **{name}**{version}.',
      currentGameVersion: 'the current game version',
      worksSubject: '{name} works with {game}',
      worksBody: '**{name}**, a plugin you follow, is now confirmed to work with {game}.',
      brokenSubject: '{name} is reported broken on {game}',
      brokenBody:
        '**{name}**, a plugin you follow, is reported broken on {game}. You will hear when a new version is out.',
      versionSubject: '{name}{version} is out',
      versionBody: '**{name}**, a plugin you follow, has a new version.',
      versionBodyOf: '**{name}**, a plugin you follow, has a new version: v{versionString}.',
    },
    carHidden: {
      subject: 'Your car {name} was hidden',
      body: 'A moderator hid your car **{name}** after members reported it. It is no longer shown to other members; you can still see and edit it.',
      bodyFor:
        'A moderator hid your car **{name}** after members reported it for: {reasons}. It is no longer shown to other members; you can still see and edit it.',
    },
    commentRemoved: {
      subject: 'Your comment on {name} was removed',
      body: 'A moderator removed your comment on **{name}** after members reported it.',
      bodyFor: 'A moderator removed your comment on **{name}** after members reported it for: {reasons}.',
    },
    featureLaunched: {
      subject: '{name} is here',
      body: '**{name}** has launched. You asked to be told when it did: have a look!',
    },
  },
  page: {
    siteDescription: 'Share and discover BakkesMod plugins and custom car designs for Rocket League.',
    pluginsTitle: 'Plugins',
    pluginsDescription:
      "BakkesMod plugins for Rocket League: browse, search and download, with every version's changelog.",
    pluginDescription: '{name}, a BakkesMod plugin',
    carDescription:
      '{name}: a {body} car design by {author}. Copy the car code and import it in Rocket League with BakkesMod.',
    memberDescription: "{username}'s BakkesMod plugins and Rocket League car designs on BakkesMod Community.",
    collectionDescription: 'A collection of BakkesMod plugins and car designs by {owner}.',
    feedSite: 'BakkesMod Community: new plugin versions',
    feedPlugin: '{name}: versions',
    feedMember: '{username}: plugins and versions',
  },
} as const;
