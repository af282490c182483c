/**
 * Fixed facts about the three legal documents: where they live, what they
 * are called in English and when they last changed (a month, 'YYYY-MM',
 * written in the reader's language by lib/format). The pages' words, these
 * titles among them, are the `legal` namespace (locales/en/legal.ts).
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
    lastUpdatedIso: '2019-03',
  },
  privacy: {
    path: '/privacy-policy',
    title: 'Privacy Policy',
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
