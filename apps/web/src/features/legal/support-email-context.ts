import { createContext, useContext } from 'react';
import { DEFAULT_SUPPORT_EMAIL } from './texts';

/**
 * The support address shown on the legal pages. The app shell provides the
 * runtime value; without a provider the pages fall back to the default.
 */
export const SupportEmailContext = createContext<string>(DEFAULT_SUPPORT_EMAIL);
SupportEmailContext.displayName = 'SupportEmailContext';

/** The support address from context; blank values fall back to the default. */
export function useSupportEmail(): string {
  const value = useContext(SupportEmailContext);
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? DEFAULT_SUPPORT_EMAIL : trimmed;
}
