/**
 * Fixed facts about the three legal documents: where they live, what they
 * are called and when they last changed. Pages, the footer and tests can
 * all read from here so the wording stays in one place.
 */
export const DEFAULT_SUPPORT_EMAIL = 'support@bakkesplugins.local';

export const LEGAL_TEXTS = {
  defaultSupportEmail: DEFAULT_SUPPORT_EMAIL,
  /** Court venue used by the Terms and the Acceptable Use Policy. */
  governingState: 'State of Delaware',
  /** Minimum notice for material changes to the Terms. */
  termsNoticeDays: 30,
  /** Minimum age for using the service. */
  minimumAge: 13,
  terms: {
    path: '/terms',
    title: 'Terms of Service',
    lastUpdated: 'March 2019',
    lastUpdatedIso: '2019-03',
  },
  privacy: {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    lastUpdated: 'March 2023',
    lastUpdatedIso: '2023-03',
  },
  acceptableUse: {
    path: '/acceptable-use-policy',
    title: 'Acceptable Use Policy',
  },
  /** Rule topics the Acceptable Use Policy must cover, in page order. */
  aupRuleTopics: [
    'Unlawful use',
    'Fraud',
    'Malware',
    'Spam',
    'Phishing',
    'Disruption',
    'Harming minors',
    'Unauthorised access',
  ],
} as const;

export type LegalDocumentKey = 'terms' | 'privacy' | 'acceptableUse';
