import { OAUTH_MESSAGES } from '@bm/core';

/** Texts of the provider sign-in: the login page's buttons, the completion page, Settings' linked accounts. */
export const OAUTH_TEXT = {
  or: 'or',
  signInWith: (name: string) => `Sign in with ${name}`,
  redirecting: 'Redirecting...',
  startFailed: 'Could not reach the sign-in provider. Please try again.',
  completeTitle: 'Signing You In',
  working: 'Finishing sign-in...',
  errorTitle: 'Sign-in Did Not Work',
  backToLogin: 'Back to Login',
  backToSettings: 'Back to Settings',
  chooseTitle: 'Choose Your Username',
  chooseIntro: (provider: string) => `You are signing up with ${provider}. Choose the name other members will see.`,
  emailIntro: 'We will send a verification link to this address.',
  username: 'Username',
  email: 'Email',
  create: 'Create Account',
  creating: 'Creating Account...',
  verifyTitle: 'Check Your Email',
  verify: (email: string) => `We sent a verification link to ${email}. Open it to finish creating your account.`,
  linked: (provider: string) => `${provider} is now linked to your account.`,
  errors: {
    FlowInvalid: OAUTH_MESSAGES.flowInvalid,
    ProviderFailed: OAUTH_MESSAGES.providerFailed,
    Denied: OAUTH_MESSAGES.denied,
    NotConfigured: OAUTH_MESSAGES.notConfigured,
    TooManyRequests: 'Too many sign-in attempts. Please try again later.',
  } as Record<string, string>,
} as const;
