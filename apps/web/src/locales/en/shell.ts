/** The shell around every page: top bar, footer, menus. */
export default {
  footer: {
    terms: 'Terms',
    privacy: 'Privacy Policy',
    acceptableUse: 'Acceptable Use Policy',
    legal: 'Legal',
    checkBackend: 'Check BE',
    checking: 'Checking...',
    backendError: 'Error',
    frontend: 'Frontend v{version}',
    backend: 'Backend v{version}',
    language: 'Language',
  },
} as const;
