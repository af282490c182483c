export { TermsPage } from './terms-page';
export { PrivacyPolicyPage } from './privacy-policy-page';
export { AcceptableUsePolicyPage } from './acceptable-use-policy-page';
export { SupportEmailContext, useSupportEmail } from './support-email-context';
export { LEGAL_TEXTS, DEFAULT_SUPPORT_EMAIL } from './texts';
export type { LegalDocumentKey } from './texts';
