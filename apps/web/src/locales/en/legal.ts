import { LEGAL_TEXTS } from '../../features/legal/texts';

const [unlawful, fraud, malware, spam, phishing, disruption, minors, access] = LEGAL_TEXTS.aupRuleTopics;

/**
 * The legal pages: the Terms of Service, the Privacy Policy and the Acceptable Use Policy, in full.
 * Placeholders hold what the page puts in: a link to another document ({terms}, {privacy},
 * {acceptableUse}), the support address ({email}), or one of the facts of features/legal/texts.ts
 * ({minimumAge}, {days}, {governingState}).
 */
export default {
  titles: {
    terms: LEGAL_TEXTS.terms.title,
    privacy: LEGAL_TEXTS.privacy.title,
    acceptableUse: LEGAL_TEXTS.acceptableUse.title,
  },
  /** The court venue, said inside a sentence ("the laws of the {governingState}"). */
  governingState: LEGAL_TEXTS.governingState,
  page: {
    lastUpdated: 'Last updated: {date}',
    contents: 'Contents',
    otherDocuments: 'Other legal documents',
    related: 'Related documents:',
    questions: 'Questions? Write to {email}.',
  },
  terms: {
    intro:
      'These Terms of Service explain the rules for using this community site, where Rocket League players share BakkesMod plugins and custom car designs.',
    agreement: {
      title: 'Agreement',
      body: 'By browsing this site, creating an account or uploading anything, you agree to these Terms, to the {acceptableUse} and to the way we handle data described in the {privacy}. If you do not agree, please do not use the site.',
    },
    accounts: {
      title: 'Accounts',
      age: 'You must be at least {minimumAge} years old to create an account.',
      email:
        'Give a working email address and keep it current; we use it to verify your account and for account notices.',
      password: 'Keep your password private. You are responsible for what happens under your account.',
      username: 'Your username is public and appears next to everything you publish. Do not impersonate anyone.',
      close: 'You can ask us to close your account at any time by writing to support.',
    },
    plugins: {
      title: 'Plugins, car designs and your game',
      body: 'Plugins are C++ programs written by community members and loaded into Rocket League by BakkesMod. They run on your computer with the same access as the game itself. Car designs are code strings you copy into the game or the mod tool.',
      review:
        'Moderators review plugin submissions, but a review is not a guarantee that a plugin is safe, bug-free or suitable for you.',
      risk: 'You install plugins and use car designs at your own risk. Read the description and, if you can, the source.',
      publisher:
        "The game publisher's own terms still apply to you. Using mods in online matches may be restricted by those terms.",
    },
    content: {
      title: 'Content you upload',
      licence:
        'You keep ownership of the plugins, source code, car designs, comments, ratings and images you publish. By publishing them you give us a worldwide, free, non-exclusive licence to store, build, review, display and distribute them on the site for as long as they are published, and you let other members download, install and copy them for their own use in the game.',
      promise:
        'You promise that you have the right to publish what you upload and that it follows the {acceptableUse}. If you remove an item, copies already downloaded by others are outside our control.',
    },
    moderation: {
      title: 'Moderation',
      body: 'New plugins and new versions wait for review before they appear publicly. Moderators may approve, deny, hide or remove plugins, car designs, comments and ratings, and may limit or suspend accounts, when content breaks these Terms or the Acceptable Use Policy or puts players at risk.',
    },
    ownership: {
      title: 'The site and trademarks',
      body: "The site's design and code belong to its operators. This is an independent community project; it is not affiliated with, endorsed by or sponsored by Psyonix, Epic Games or the developers of BakkesMod. Rocket League and other names are trademarks of their owners and are used only to describe compatibility.",
    },
    copyright: {
      title: 'Copyright complaints',
      body: 'If you believe something on the site infringes your copyright, email {email} with a link to the item, a description of your work, proof that you own it or act for the owner, and how to reach you. We will remove infringing material and may close the accounts of repeat infringers.',
    },
    ads: {
      title: 'Advertising and outside links',
      body: "The site shows ads supplied by an ad network and links to outside sites, such as BakkesMod's download page and code-hosting services. We do not control those sites and are not responsible for them.",
    },
    disclaimers: {
      title: 'Disclaimers and liability',
      asIs: 'The site and everything on it are provided "as is" and "as available", without warranties of any kind, to the fullest extent the law allows. We do not promise the site will always be available or error-free.',
      liability:
        'To the fullest extent the law allows, we are not liable for indirect or consequential losses, lost game progress, account actions taken by the game publisher, or damage caused by plugins or designs made by other members. Nothing in these Terms limits liability that cannot be limited by law.',
    },
    ending: {
      title: 'Suspension and ending',
      body: 'We may suspend or close an account that breaks these Terms or the Acceptable Use Policy. You may stop using the site at any time. Sections about your content licence, disclaimers, liability and disputes continue to apply after an account is closed.',
    },
    changes: {
      title: 'Changes to these Terms',
      body: 'We will announce material changes to these Terms at least {days} days in advance, by a notice on the site and by email to members. Small changes, such as fixing typos, take effect when posted. If you keep using the site after a change takes effect, you accept the updated Terms; if you do not, you can close your account before then.',
    },
    law: {
      title: 'Governing law',
      body: 'These Terms are governed by the laws of the {governingState}, without regard to its conflict-of-laws rules. Disputes will be resolved in the state or federal courts located in the {governingState}, unless the law where you live gives you the right to bring a claim at home.',
    },
    contact: {
      title: 'Contact',
      body: 'Questions about these Terms: {email}.',
    },
  },
  privacy: {
    intro:
      'This policy explains what personal data this community site for BakkesMod plugins and car designs stores, why, for how long, and what you can do about it.',
    store: {
      title: 'What we store',
      account: 'Your account',
      username: 'Your username, email address and whether the email is verified.',
      password: 'Your password, kept only as a salted hash. We never store or see it in plain text.',
      avatar: 'Your avatar image and profile text, if you add them.',
      notifications: 'Your notification settings, including whether you opted in to product-update emails.',
      published: 'What you publish and send',
      plugins: 'Plugins you upload: source code, builds, descriptions, versions and review notes.',
      cars: 'Car designs (code strings), comments, ratings and votes.',
      feedback: 'Feedback you send us, with the address of the page you sent it from, and messages in your inbox.',
      technical: 'Technical data',
      visitorIds:
        'Visitor ids for counters: to count each visitor once on view and download counters, we turn your IP address into a hashed visitor id. We store the hash, not the IP address.',
      token: "A sign-in token kept in your browser's local storage so you stay signed in.",
      logs: 'Short-lived server logs (IP address, page requested, time) used to keep the site secure.',
      errors:
        'Error reports, when error reporting is enabled: the page address, browser details and what went wrong, sent to an error-reporting provider so we can fix bugs.',
      botCheck:
        'Sign-up and sign-in use a bot-check service, which looks at your browser and IP address to tell people from bots.',
    },
    ads: {
      title: 'Ads and cookies',
      body: 'On the production site, the footer shows ads from an ad network. The ad network may set cookies and read your IP address and device details to show and measure ads, under its own privacy policy. Other copies of the site (for example test hosts) show a placeholder instead. You can block or delete cookies in your browser settings. We do not use cookies to sign you in.',
    },
    use: {
      title: 'How we use it',
      account: 'To run your account, show what you publish and let others find, install and rate it.',
      review: 'To review plugin submissions and keep the site free of malware, spam and abuse.',
      emails: 'To send account emails: verification, password resets, email changes and the notifications you choose.',
      counters: 'To count views and downloads fairly, fix errors and improve the site.',
    },
    emails: {
      title: 'Product-update emails',
      body: 'Occasional product-update emails are sent only if you opt in, at sign-up or later. You can withdraw at any time in your {settings}. Account and security emails are part of the service and are sent regardless.',
      settings: 'notification settings',
    },
    sharing: {
      title: 'Who we share it with',
      intro:
        'Your username, avatar, profile and everything you publish are public. Your email address is not. We do not sell personal data. We share data only with:',
      providers:
        'Providers that run parts of the service for us: hosting, email delivery, bot checks and error reporting.',
      adNetwork: 'The ad network, as described above, on the production site.',
      authorities:
        'Authorities, when the law requires it or to protect players from harm, as the {acceptableUse} explains.',
      transfers:
        'The site and its providers may process data in the United States and other countries, with safeguards required by law.',
    },
    retention: {
      title: 'How long we keep it',
      account: 'Account data: while your account exists. After you ask us to delete it, we remove it within 30 days.',
      content: 'Published content: until you or a moderator remove it, or your account is deleted.',
      visitorIds: 'Hashed visitor ids: only as long as needed to de-duplicate counters, and no longer than 90 days.',
      logs: 'Server logs and error reports: up to 90 days.',
      backups: 'Backups: rotated out within 30 days of the data being deleted from the live site.',
      longer: 'We may keep limited records longer when the law requires it or to deal with abuse.',
    },
    rights: {
      title: 'Your rights',
      access: 'Access: ask for a copy of the personal data we hold about you.',
      correction: 'Correction: change your email, avatar and profile in settings, or ask us to fix anything else.',
      deletion: 'Deletion: ask us to delete your account and personal data.',
      objection: 'Objection and withdrawal of consent, for example to product-update emails.',
      how: 'Email {email} from the address on your account. We answer within 30 days and may ask you to confirm your identity. Depending on where you live, you may also complain to your data-protection authority.',
    },
    children: {
      title: 'Children',
      body: 'The service is not for children under {minimumAge}, and we do not knowingly collect data from anyone under {minimumAge}. If we learn that an account belongs to a child under {minimumAge}, we close it and delete its personal data. Parents or guardians who believe this has happened can contact us.',
    },
    security: {
      title: 'Security',
      body: 'We use encrypted connections, hash passwords, limit who can reach personal data and check uploads before they are published. No service is perfectly secure; if a breach affects you, we will tell you.',
    },
    changes: {
      title: 'Changes to this policy',
      body: 'When we change this policy we update the date at the top. We announce important changes on the site and by email before they take effect.',
    },
    contact: {
      title: 'Contact',
      body: 'Privacy questions and requests: {email}. See also the {terms}.',
    },
  },
  aup: {
    intro:
      'This Acceptable Use Policy sets out what you may and may not do on this site, and what standards uploaded plugins and car designs must meet.',
    purpose: {
      title: 'What the site is for',
      body: 'This site is for sharing applications that add custom functions to Rocket League through the BakkesMod mod tool, and for sharing custom car designs. Everything you do here, from uploading to commenting, should serve that purpose.',
    },
    prohibited: {
      title: 'Prohibited uses',
      rules: {
        unlawful: {
          topic: unlawful,
          text: "Do not use the site for anything that breaks the law where you or we are, or to infringe anyone's rights.",
        },
        fraud: {
          topic: fraud,
          text: 'Do not deceive others for gain: no fake giveaways, trading scams or false claims about what a plugin or design does.',
        },
        malware: {
          topic: malware,
          text: "Do not upload or link to viruses, trojans, keyloggers, account or token stealers, miners or any code that harms a player's computer, data or game account.",
        },
        spam: {
          topic: spam,
          text: 'Do not post repetitive or unsolicited comments, messages or uploads, and do not inflate ratings, votes, views or downloads.',
        },
        phishing: {
          topic: phishing,
          text: 'Do not try to trick anyone into revealing passwords, game or platform credentials or personal data, for example with fake login pages or look-alike links.',
        },
        disruption: {
          topic: disruption,
          text: "Do not overload, attack or interfere with the site, its build and review systems or other members' use of it, including by abusive automated requests.",
        },
        minors: {
          topic: minors,
          text: 'Do not exploit, endanger, groom or harm minors in any way, or share content that sexualises them.',
        },
        access: {
          topic: access,
          text: 'Do not access accounts, data or systems you are not allowed to, bypass the bot check or moderation, or probe the site for weaknesses without our written permission.',
        },
        harassment: {
          topic: 'Harassment',
          text: 'Do not threaten, harass or post hateful content about other members.',
        },
      },
    },
    standards: {
      title: 'Submission standards',
      plugins: 'Plugins',
      source:
        'Every plugin and every new version must come with its complete source code, and the build must match that source.',
      honest:
        'A plugin must do what its name and description say, with no hidden features, obfuscation or undisclosed data collection.',
      cheats:
        "No cheats: nothing that gives an unfair advantage in online matches, such as automating play, reading hidden game state or manipulating other players' games.",
      ip: "Respect others' intellectual property: follow the licences of code you reuse, give credit, and do not re-upload someone else's plugin without permission.",
      cars: 'Car designs',
      ownWork: "Car designs must be your own work, or shared with the creator's permission and credit.",
      match: 'Names, descriptions and images must match the design and must not be offensive.',
      comments: 'Comments and ratings',
      onTopic: 'Keep them honest and on topic, and rate only what you have tried.',
    },
    linking: {
      title: 'Linking and framing',
      fair: 'You may link to any public page of the site, as long as the link is fair and does not suggest we endorse you.',
      frame: 'Do not frame the site, show its pages inside another site, or present its content as your own.',
      downloads:
        "Do not link directly to downloads in a way that skips the item's page, its description or its counters.",
      remove: 'We may ask you to remove a link that breaks these rules.',
    },
    reporting: {
      title: 'Reporting problems',
      body: 'Use the report and feedback tools on the site, or write to {email}, if you find something that breaks this policy. For a suspected malicious plugin, include its link and what you saw it do.',
    },
    consequences: {
      title: 'Consequences of a breach',
      intro: 'Depending on how serious a breach is, we may, without notice:',
      warn: 'warn you;',
      remove: 'remove or hide the content involved;',
      suspend: 'suspend or permanently close your account;',
      disclose:
        'disclose information to law-enforcement or other authorities when the law requires it or someone is at risk;',
      legal: 'take legal action.',
    },
    disputes: {
      title: 'Governing law and disputes',
      body: 'This policy is part of our {terms} and is governed by the laws of the {governingState}. Disputes about it are decided by the state or federal courts located in the {governingState}.',
    },
    changes: {
      title: 'Changes to this policy',
      body: 'We may update this policy as the site changes. Material changes are announced in the same way as changes to the Terms. How we handle personal data is covered by the {privacy}.',
    },
  },
} as const;
