export { TermsPage } from './TermsPage';
export { PrivacyPolicyPage } from './PrivacyPolicyPage';
export { AcceptableUsePolicyPage } from './AcceptableUsePolicyPage';
export { SupportEmailContext, useSupportEmail } from './SupportEmailContext';
export { LEGAL_TEXTS, DEFAULT_SUPPORT_EMAIL } from './texts';
export type { LegalDocumentKey } from './texts';
